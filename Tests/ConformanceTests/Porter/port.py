#!/usr/bin/env python3
"""Ports Monica's tests/Api (tag v4.1.2) to scripts that ConformanceTests runs over HTTP.

    python3 Tests/ConformanceTests/Porter/port.py /path/to/monica.git
    swift format -i Tests/ConformanceTests/Ported/*.swift

For each PHP test class it writes Tests/ConformanceTests/Scripts/<Class>.json (one script per
test method: the method's statements as steps) and Tests/ConformanceTests/Ported/<Class>.swift
(one Swift test per method, same name, citing the PHP file:line). A method the port cannot
carry over HTTP is emitted as a disabled test whose reason says why. Factories become API
calls (FACTORIES below: the route and the body each model's factory stands for), another
account's models, `Carbon::setTestNow`, compliance terms (FIXTURES), `config([...])` and the
columns the API never prints (`Contact::find($id)->column`) the sandbox's fixture routes
(`--fixture-routes`: OTHER_ROUTES, Translator.other_row, Translator.instant, Translator.value);
database assertions become reads (TABLES below: the route a table is read through).
"""
import json
import os
import re
import subprocess
import textwrap
import sys

TAG = "v4.1.2"
HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.dirname(HERE)


class Skip(Exception):
    pass


# ---------------------------------------------------------------- tokens and expressions

TOKEN = re.compile(
    r"""\s+|//[^\n]*|/\*.*?\*/|(?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(?P<num>\d+(?:\.\d+)?)"""
    r"""|(?P<var>\$[A-Za-z_]\w*)|(?P<name>\\?[A-Za-z_][\w\\]*)|(?P<op>=>|->|::|\+\+|===|==|!==|!=|<=|>=|&&|\|\||[-+*/.,;()\[\]{}=<>!?:])""",
    re.S,
)


def tokenize(text):
    out = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise Skip("cannot read PHP at: " + text[pos:pos + 30])
        pos = m.end()
        for kind in ("str", "num", "var", "name", "op"):
            if m.group(kind) is not None:
                out.append((kind, m.group(kind)))
    return out


def php_string(tok):
    body = tok[1:-1]
    if tok[0] == "'":
        return body.replace("\\'", "'").replace("\\\\", "\\")
    return body.encode().decode("unicode_escape")


def interpolated(body):
    """A double-quoted string with `{$a->b}` or `$a` parts, as a concatenation."""
    parts = []
    for piece in re.split(r"(\{\$[^}]+\}|\$\w+(?:->\w+)?)", body):
        if not piece:
            continue
        if piece.startswith("{$") or piece.startswith("$"):
            parts.append(Parser(tokenize(piece.strip("{}"))).expr())
        else:
            parts.append({"lit": piece})
    return {"cat": parts}


class Parser:
    def __init__(self, tokens):
        self.t = tokens
        self.i = 0

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else (None, None)

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise Skip("expected %s, found %s" % (value, tok[1]))
        self.i += 1
        return tok

    def accept(self, value):
        if self.peek()[1] == value:
            self.i += 1
            return True
        return False

    def expr(self):
        left = self.unary()
        parts = [left]
        while self.peek()[1] == ".":
            self.take()
            parts.append(self.unary())
        if len(parts) > 1:
            left = {"cat": parts}
        if self.peek()[1] == "*":
            self.take()
            left = {"mul": [left, self.unary()]}
        if self.peek()[1] in ("==", "===", "<", ">", "&&", "||", "?", "+", "*", "/", "-"):
            raise Skip("uses the PHP operator " + self.peek()[1])
        return left

    def unary(self):
        if self.accept("-"):
            inner = self.unary()
            if "lit" in inner and isinstance(inner["lit"], (int, float)):
                return {"lit": -inner["lit"]}
            raise Skip("negates an expression")
        if self.peek()[1] == "!":
            raise Skip("uses the PHP operator !")
        return self.postfix(self.primary())

    def args(self):
        self.take("(")
        out = []
        while not self.accept(")"):
            out.append(self.expr())
            self.accept(",")
        return out

    def primary(self):
        kind, value = self.take()
        if kind == "str":
            if value[0] == '"' and "$" in value:
                return interpolated(value[1:-1])
            return {"lit": php_string(value)}
        if kind == "num":
            return {"lit": float(value) if "." in value else int(value)}
        if kind == "var":
            return {"var": value[1:]}
        if value == "[":
            return self.array("]")
        if value == "(":
            inner = self.expr()
            self.take(")")
            return inner
        if kind == "name":
            low = value.lower()
            if low in ("true", "false"):
                return {"lit": low == "true"}
            if low == "null":
                return {"lit": None}
            if low == "array" and self.peek()[1] == "(":
                self.take("(")
                return self.array(")")
            if self.peek()[1] == "::":
                self.take()
                member = self.take()[1]
                if member == "class":
                    return {"class": value.split("\\")[-1]}
                if value == "UploadedFile" and member == "fake" and self.peek()[1] == "(":
                    return {"fn": "UploadedFile::fake", "args": self.args()}
                if value == "Carbon" and member in ("setTestNow", "create") and self.peek()[1] == "(":
                    return {"fn": "Carbon::" + member, "args": self.args()}
                if (value, member) in (("Contact", "find"), ("Term", "get")) and self.peek()[1] == "(":
                    return {"fn": value + "::" + member, "args": self.args()}
                raise Skip("calls %s::%s" % (value.split("\\")[-1], member))
            if self.peek()[1] == "(":
                return {"fn": value, "args": self.args()}
            raise Skip("uses the constant " + value)
        raise Skip("cannot read PHP token " + str(value))

    def array(self, close):
        entries = []
        while not self.accept(close):
            first = self.expr()
            if self.accept("=>"):
                entries.append([first, self.expr()])
            else:
                entries.append([None, first])
            self.accept(",")
        return {"array": entries}

    def postfix(self, node):
        while True:
            if self.accept("->"):
                name = self.take()[1]
                if self.peek()[1] == "(":
                    node = {"call": name, "on": node, "args": self.args()}
                else:
                    node = {"get": name, "on": node}
            elif self.peek()[1] == "[":
                self.take()
                key = self.expr()
                self.take("]")
                node = {"index": key, "on": node}
            else:
                return node

    def statements(self, until="}"):
        out = []
        while self.peek()[1] != until and self.peek()[0] is not None:
            out.append(self.statement())
        return out

    def statement(self):
        kind, value = self.peek()
        if value in ("foreach", "if", "while", "switch", "try"):
            raise Skip("uses a PHP %s" % value)
        if value == "for":
            self.take()
            self.take("(")
            var = self.take()[1]
            self.take("=")
            start = self.take()[1]
            self.take(";")
            self.take()
            self.take("<")
            end = self.take()[1]
            self.take(";")
            while not self.accept(")"):
                self.take()
            self.take("{")
            body = self.statements()
            self.take("}")
            return {"for": int(end) - int(start), "body": body}
        if value == "return":
            self.take()
            node = self.expr()
            self.take(";")
            return {"return": node}
        if kind == "var" and self.peek(1)[1] == "=":
            self.take()
            self.take()
            node = self.expr()
            self.take(";")
            return {"assign": value[1:], "value": node}
        node = self.expr()
        self.take(";")
        return {"do": node}


# ---------------------------------------------------------------- the PHP file

def methods(text):
    """Yields (name, line, is_test, params, body) for every method of the class."""
    for m in re.finditer(r"(/\*\*\s*@test\s*\*/\s*)?(?:public|private|protected)\s+function\s+(\w+)\s*\(([^)]*)\)[^{]*\{", text):
        start = m.end()
        depth = 1
        pos = start
        while depth:
            ch = text[pos]
            if ch == "'" or ch == '"':
                q = ch
                pos += 1
                while text[pos] != q:
                    pos += 2 if text[pos] == "\\" else 1
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            pos += 1
        name = m.group(2)
        line = text.count("\n", 0, m.start(2)) + 1
        is_test = bool(m.group(1)) or name.startswith("test")
        params = re.findall(r"\$(\w+)", m.group(3))
        yield name, line, is_test, params, text[start:pos - 1]


def properties(text):
    out = {}
    for m in re.finditer(r"protected\s+\$(\w+)\s*=\s*\[", text):
        try:
            end = text.index("];", m.end())
            out[m.group(1)] = Parser(tokenize(text[m.end() - 1:end + 1])).primary()
        except Skip:
            pass
    return out


# ---------------------------------------------------------------- factories and tables

# model: (route, default body, {factory attribute: body key}, contact_required)
FACTORIES = {
    "Contact": ("/api/contacts", {"first_name": "John", "last_name": "Doe", "is_birthdate_known": False,
                                   "is_deceased": False, "is_deceased_date_known": False},
                {"first_name": "first_name", "last_name": "last_name", "middle_name": "middle_name",
                 "nickname": "nickname", "gender_id": "gender_id", "description": "description",
                 "is_partial": "is_partial"}, False),
    "Gift": ("/api/gifts", {"name": "gift", "status": "idea"},
             {"contact_id": "contact_id", "name": "name", "comment": "comment", "url": "url", "value": "amount",
              "amount": "amount", "status": "status", "recipient": "recipient_id", "date": "date"}, True),
    "Task": ("/api/tasks", {"title": "task", "description": "description"},
             {"contact_id": "contact_id", "title": "title", "description": "description"}, True),
    "Note": ("/api/notes", {"body": "note"},
             {"contact_id": "contact_id", "body": "body", "is_favorited": "is_favorited"}, True),
    "Call": ("/api/calls", {"called_at": "2020-01-01", "content": "call"},
             {"contact_id": "contact_id", "called_at": "called_at", "content": "content",
              "contact_called": "contact_called"}, True),
    "Gender": ("/api/genders", {"name": "Man", "type": "M"}, {"name": "name", "type": "type"}, False),
    "Tag": ("/api/tags", {"name": "word"}, {"name": "name"}, False),
    "ContactFieldType": ("/api/contactfieldtypes", {"name": "Email", "protocol": "mailto:", "type": "email"},
                         {"name": "name", "protocol": "protocol", "type": "type",
                          "fontawesome_icon": "fontawesome_icon"}, False),
    "Debt": ("/api/debts", {"in_debt": "yes", "status": "inprogress", "amount": 100},
             {"contact_id": "contact_id", "in_debt": "in_debt", "status": "status", "amount": "amount",
              "reason": "reason"}, True),
    "Pet": ("/api/pets", {"pet_category_id": 1, "name": "pet"},
            {"contact_id": "contact_id", "pet_category_id": "pet_category_id", "name": "name"}, True),
    "Place": ("/api/places", {"city": "Paris"},
              {"street": "street", "city": "city", "province": "province", "postal_code": "postal_code",
               "country": "country", "latitude": "latitude", "longitude": "longitude"}, False),
    "Company": ("/api/companies", {"name": "company"},
                {"name": "name", "website": "website", "number_of_employees": "number_of_employees"}, False),
    "ActivityTypeCategory": ("/api/activitytypecategories", {"name": "category"}, {"name": "name"}, False),
    # The API requires attendees, which the factory has none of: one contact made for it.
    "Activity": ("/api/activities", {"summary": "activity", "happened_at": "2020-01-01", "activity_type_id": 1},
                 {"summary": "summary", "description": "description", "happened_at": "happened_at",
                  "activity_type_id": "activity_type_id"}, "attendee"),
    "Entry": ("/api/journal", {"title": "title", "post": "post"}, {"title": "title", "post": "post"}, False),
}
# Models whose factory needs another record first: the attribute and the model it makes.
PARENTS = {
    "Occupation": ("/api/occupations", {"title": "Waiter", "salary": "10000", "salary_unit": "year"},
                   {"contact_id": "contact_id", "company_id": "company_id", "title": "title",
                    "description": "description", "salary": "salary"}, True, {"company_id": "Company"}),
    "ContactField": ("/api/contactfields", {"data": "john@doe.com"},
                     {"contact_id": "contact_id", "contact_field_type_id": "contact_field_type_id", "data": "data"},
                     True, {"contact_field_type_id": "ContactFieldType"}),
    "Conversation": ("/api/conversations", {"happened_at": "2020-01-01"},
                     {"contact_id": "contact_id", "contact_field_type_id": "contact_field_type_id",
                      "happened_at": "happened_at"}, True, {"contact_field_type_id": "ContactFieldType"}),
    "ActivityType": ("/api/activitytypes", {"name": "type", "location_type": "outside"},
                     {"name": "name", "activity_type_category_id": "activity_type_category_id",
                      "location_type": "location_type"}, False,
                     {"activity_type_category_id": "ActivityTypeCategory"}),
    "LifeEvent": ("/api/lifeevents", {"name": "event", "note": "note", "happened_at": "2020-01-01",
                                       "has_reminder": False, "happened_at_month_unknown": False,
                                       "happened_at_day_unknown": False},
                  {"contact_id": "contact_id", "life_event_type_id": "life_event_type_id", "name": "name",
                   "note": "note", "happened_at": "happened_at"}, True, {}),
    "Address": ("/api/addresses", {"name": "home"},
                {"contact_id": "contact_id", "name": "name", "place_id": None}, True, {}),
    "Reminder": ("/api/reminders", {"title": "reminder", "initial_date": "2017-01-01", "frequency_type": "one_time",
                                    "frequency_number": 1},
                 {"contact_id": "contact_id", "title": "title", "description": "description",
                  "initial_date": "initial_date", "frequency_type": "frequency_type",
                  "frequency_number": "frequency_number", "delible": "delible"}, True, {}),
}
for _name, _spec in PARENTS.items():
    FACTORIES[_name] = _spec[:4]

# Columns a factory fills with a date and time where the API's write takes a day
# (`date_format:Y-m-d`, CreateReminder.php:23).
DAY_COLUMNS = {"Reminder": ("initial_date",)}

# Factory states (database/factories/ContactFactory.php:22-40) as the attributes they set.
STATES = {"no_gender": {}, "partial": {"is_partial": True}}

# Models no API route creates, that every account (or instance) has rows of: the factory becomes
# the seeded row its attributes pick (route None: the first row, id 1, as the sandbox seeds it).
SEEDED = {
    "RelationshipType": ("/api/relationshiptypes", True),
    "RelationshipTypeGroup": ("/api/relationshiptypegroups", True),
    "LifeEventType": (None, True),
    "PetCategory": (None, False),
    "Currency": ("/api/currencies", False),
}

# Another account's rows (`factory(X::class)->create()` without the signed-in account, or with the
# `account_id` of `factory(Account::class)`): the sandbox started with --second-account reserves
# their ids in the same tables (POST /sandbox/accounts/2/<route>), so they pass Monica's
# `exists:<table>,id` and stay outside every account-scoped `findOrFail`. Their parents are
# another account's too, as the factories make them (ContactFactory.php:7-15: the gender of the
# contact's account); the attribute and the route of the parent's table.
OTHER_ROUTES = {"Photo": "/api/photos", "Document": "/api/documents"}
OTHER_PARENTS = {"Contact": {"gender_id": "/api/genders"}}

# Models whose rows carry a file: an own row is a real upload through the API (multipart, the
# field and file name of the factory: AccountFactory.php:83-90, ContactFactory.php:254-262). A
# photo's contact is the one `$contact->photos()->syncWithoutDetaching([$photo->id])` links it
# to next (the API takes it at upload: UploadPhoto.php's contact_id).
UPLOADS = {
    "Photo": ("/api/photos", "photo", "file.jpg"),
    "Document": ("/api/documents", "document", "file.jpg"),
}

# Relations a model reaches that the API prints inline: `$address->place->street` is the address's.
ALIASES = {"Address": ["place"]}

NOT_BY_API = {
    "Account": "needs a second account",
    "User": "needs a second user",
    "Photo": "makes a photo row without its file",
    "Document": "makes a document row without its file",
    "Relationship": "makes a relationship row directly",
}

# Models no API route makes, that the sandbox's fixture routes make as the factories do (only
# with --fixture-routes): a compliance term (SettingsFactory.php:3-10), after the one Monica's
# migration inserts on every instance.
FIXTURES = {"Term": "/sandbox/terms"}
# Monica's configuration a method reads with config('key'): the sandbox's defaults.
CONFIG = {"api.max_limit_per_page": 100}
# Named routes a method reads with route('name'), below the API's root.
ROUTES = {"api.contacts": "/contacts"}

# table: (route, {column: path in the record})
TABLES = {
    "contacts": ("/api/contacts", {}),
    "gifts": ("/api/gifts", {"value": "amount"}),
    "tasks": ("/api/tasks", {}),
    "notes": ("/api/notes", {}),
    "calls": ("/api/calls", {}),
    "genders": ("/api/genders", {}),
    "tags": ("/api/tags", {}),
    "contact_field_types": ("/api/contactfieldtypes", {}),
    "contact_fields": ("/api/contactfields", {"contact_field_type_id": "contact_field_type.id"}),
    "debts": ("/api/debts", {}),
    "pets": ("/api/pets", {"pet_category_id": "pet_category.id"}),
    "places": ("/api/places", {}),
    "companies": ("/api/companies", {}),
    "occupations": ("/api/occupations", {"company_id": "company.id"}),
    "activity_type_categories": ("/api/activitytypecategories", {}),
    "activity_types": ("/api/activitytypes", {"activity_type_category_id": "activity_type_category.id"}),
    "activities": ("/api/activities", {"activity_type_id": "activity_type.id"}),
    # A pivot's row is one element of the list its record prints ("*": a record without one has no row).
    "contact_tag": ("/api/contacts", {"contact_id": "id", "tag_id": "tags.*.id", "*": "tags.*.id"}),
    "activity_contact": ("/api/activities", {"activity_id": "id", "contact_id": "attendees.contacts.*.id",
                                             "*": "attendees.contacts.*.id"}),
    "addresses": ("/api/addresses", {"place_id": None}),
    "reminders": ("/api/reminders", {}),
    "conversations": ("/api/conversations", {"contact_field_type_id": "contact_field_type.id"}),
    "entries": ("/api/journal", {}),
    "relationships": ("/api/relationships", {}),
    "life_events": ("/api/lifeevents", {"life_event_type_id": "life_event_type.id"}),
    "documents": ("/api/documents", {}),
    "photos": ("/api/photos", {}),
    "messages": (None, {}),
    "users": ("/api/me", {"me_contact_id": "me_contact.id"}),
    # The special dates the API prints inside their contact, as the sandbox's fixture route lists them.
    "special_dates": ("/sandbox/rows/special_dates", {}),
}
# Tables that hold one row the API shows, through a route that answers it alone.
SINGLE_ROW_TABLES = {"users"}


# ---------------------------------------------------------------- translation to steps

class Translator:
    def __init__(self, props, helpers):
        self.props = props
        self.helpers = helpers
        self.reset()

    def reset(self):
        """A method starts with no variables: `accounts` says whose each model is ("own" or
        "other"; "account" for `factory(Account::class)`), `signed` whether signin ran."""
        self.accounts = {"user": "own"}  # a helper's `User $user` is the signed-in one
        self.made = {}
        self.signed = False
        # Compliance terms the method made (Term::get() holds them and the migration's), and the
        # reads a statement needs before it runs (`Contact::find($id)->column`).
        self.terms = 0
        self.hoisted = []

    def account_of(self, val):
        """Whose rows an `account_id` value names: "own", "other", or a Skip."""
        if val.get("get") == "account_id" and "var" in val.get("on", {}):
            owner = self.accounts.get(val["on"]["var"])
            if owner in ("own", "other"):
                return owner
        if val.get("get") == "id" and self.accounts.get(val.get("on", {}).get("var")) == "account":
            return "other"
        raise Skip("its factory makes a record of an account the port cannot tell")

    def other_id(self, val):
        """Whether a value is the id of another account's model: `$contact->id`."""
        return val.get("get") == "id" and self.accounts.get(val.get("on", {}).get("var")) == "other"

    def other_row(self, model, attrs):
        """Another account's row: its id reserved in the sandbox, its parents another account's."""
        route = (FACTORIES.get(model) or SEEDED.get(model) or (OTHER_ROUTES.get(model),))[0]
        if route is None:
            raise Skip("its factory makes a %s of another account, which the sandbox cannot hold" % model)
        parents = dict(OTHER_PARENTS.get(model, {}))
        if model in FACTORIES and FACTORIES[model][3] is True:
            parents["contact_id"] = "/api/contacts"
        for key, parent in (PARENTS.get(model, (None,) * 4 + ({},))[4]).items():
            parents[key] = FACTORIES[parent][0]
        columns = []
        for key, val in (attrs or {"array": []})["array"]:
            if key is None or "lit" not in key:
                raise Skip("a factory attribute is not a name")
            if key["lit"] == "account_id":
                continue
            parents.pop(key["lit"], None)
            columns.append([key, self.value(val)])
        return {"other": route, "parents": parents, "columns": {"array": columns}}

    def value(self, node):
        """A plain expression: literals, variables, properties, concatenation, arrays."""
        if "mul" in node:
            left, right = (self.value(part) for part in node["mul"])
            if not all(isinstance(part.get("lit"), int) for part in (left, right)):
                raise Skip("multiplies values the port cannot compute")
            return {"lit": left["lit"] * right["lit"]}
        if node.get("fn") == "rand" and len(node["args"]) == 2 and all("lit" in a for a in node["args"]):
            # Any number of the range does: the first.
            return node["args"][0]
        if node.get("fn") == "config" and len(node["args"]) == 1 and node["args"][0].get("lit") in CONFIG:
            return {"lit": CONFIG[node["args"][0]["lit"]]}
        if node.get("fn") == "route" and len(node["args"]) == 1 and node["args"][0].get("lit") in ROUTES:
            return {"apiURL": ROUTES[node["args"][0]["lit"]]}
        if node.get("call") == "count" and node["on"].get("fn") == "Term::get":
            # The terms of the instance: the migration's and the ones the method made.
            return {"lit": 1 + self.terms}
        if "get" in node and node["on"].get("fn") == "Contact::find" and len(node["on"]["args"]) == 1:
            # A column the API never prints, read through the sandbox's fixture route first.
            name = "__row%d" % len(self.hoisted)
            path = {"cat": [{"lit": "/sandbox/rows/contacts/"}, self.value(node["on"]["args"][0])]}
            self.hoisted.append({"fixture": path, "method": "GET", "var": name})
            return {"get": node["get"], "on": {"var": name}}
        if "lit" in node or "var" in node:
            if node.get("var") == "this":
                raise Skip("uses $this as a value")
            return node
        if "cat" in node:
            return {"cat": [self.value(p) for p in node["cat"]]}
        if "array" in node:
            return {"array": [[None if k is None else self.value(k), self.value(v)] for k, v in node["array"]]}
        if "get" in node:
            if node["on"].get("var") == "this":
                if node["get"] in self.props:
                    return self.value(self.props[node["get"]])
                raise Skip("uses $this->" + node["get"])
            return {"get": node["get"], "on": self.value(node["on"])}
        if "index" in node:
            return {"index": self.value(node["index"]), "on": self.value(node["on"])}
        if node.get("call") == "image" and node["on"].get("fn") == "UploadedFile::fake" and node["args"]:
            # A fake image in a request's data: Laravel's json() sends it as a file (MakesHttpRequests
            # extractFilesFromDataArray), which over HTTP is a multipart part.
            return {"file": self.value(node["args"][0])}
        if "call" in node:
            name, on, args = node["call"], node["on"], node["args"]
            if on.get("var") != "this" and name == "json" and len(args) <= 1:
                return {"path": self.value(args[0]) if args else {"lit": ""}, "on": self.value(on)}
            if on.get("var") != "this" and name == "decodeResponseJson":
                return {"path": {"lit": ""}, "on": self.value(on)}
            if on.get("var") != "this" and name == "getKey":
                return {"get": "id", "on": self.value(on)}
            if on.get("var") != "this" and name == "contact" and not args:
                # `$photo->contact()`: the contact the API prints in the record.
                return {"get": "contact", "on": self.value(on)}
            raise Skip("calls ->%s()" % name)
        if "fn" in node and node["fn"] == "now" and not node["args"]:
            return {"now": True}
        if "fn" in node:
            raise Skip("calls %s()" % node["fn"])
        raise Skip("uses " + json.dumps(node)[:40])

    def factory(self, node, attrs):
        model = node["args"][0].get("class") if node.get("args") else None
        if model == "Account" and len(node.get("args", [])) == 1:
            return {"value": {"array": [[{"lit": "id"}, {"lit": 2}]]}, "account": "account"}
        given = {k["lit"]: v for k, v in (attrs or {"array": []})["array"] if k is not None and "lit" in k}
        per_account = model in FACTORIES or SEEDED.get(model, (None, False))[1] or model in OTHER_ROUTES
        if per_account and len(node.get("args", [])) == 1:
            owner = self.account_of(given["account_id"]) if "account_id" in given else "other"
            if owner == "other":
                step = self.other_row(model, attrs)
                step["account"] = "other"
                return step
            if given["account_id"] != {"get": "account_id", "on": {"var": "user"}}:
                # The signed-in account named through another of its models: the same account.
                attrs = {"array": [[k, {"get": "account_id", "on": {"var": "user"}}
                                    if k == {"lit": "account_id"} else v] for k, v in attrs["array"]]}
            # An own row whose factory names another account's parent: no API call makes that row,
            # so it is made with the parent the API makes by default (one of the account's own);
            # the request the method then sends still names the other account's row.
            attrs = {"array": [[k, v] for k, v in attrs["array"] if not self.other_id(v)]}
        if model in UPLOADS and len(node.get("args", [])) == 1:
            return self.upload(model, given)
        count = node["args"][1].get("lit", 1) if len(node.get("args", [])) > 1 else 1
        if model in FIXTURES:
            columns = [[k, self.value(v)] for k, v in (attrs or {"array": []})["array"] if k != {"lit": "account_id"}]
            self.terms += count
            step = {"fixture": {"lit": FIXTURES[model]}, "body": {"array": columns}}
            return {"repeat": count, "steps": [step]} if len(node["args"]) > 1 else step
        if model == "Message" and "conversation_id" in given and len(node["args"]) == 1:
            # A message added through its conversation's route (routes/api.php:84), with the values the
            # API requires and the factory leaves to the table (ContactFactory.php:238-251).
            return {"message": self.value(given["conversation_id"]),
                    "body": {"array": [[{"lit": "written_at"}, {"lit": "2020-01-01"}],
                                       [{"lit": "written_by_me"}, {"lit": True}],
                                       [{"lit": "content"}, {"lit": "message"}]]},
                    "account": "own"}
        if model == "AuditLog":
            if "about_contact_id" in given:
                raise Skip("its factory logs about a contact the port makes through the API, which writes an "
                           "entry of its own (CreateContact.php:241-262) where the factory's contact writes none: "
                           "the contact's log holds one entry more than the method makes")
            # The entry of the audit log that a contact's creation writes (CreateContact.php:241-262).
            step = {"create": "/api/contacts", "defaults": FACTORIES["Contact"][1], "body": {"array": []},
                    "columns": {"array": []}, "contact": False, "attendee": False, "aliases": [], "parents": {},
                    "parentDefaults": {}}
            return {"repeat": count, "steps": [step]} if len(node["args"]) > 1 else step
        if model in NOT_BY_API:
            raise Skip("its factory " + NOT_BY_API[model])
        if model in SEEDED:
            return self.seeded(model, attrs)
        if model not in FACTORIES:
            raise Skip("uses the factory of " + str(model))
        if len(node["args"]) > 1:
            if "lit" not in node["args"][1]:
                raise Skip("makes a computed number of records")
            single = {"fn": "factory", "args": node["args"][:1]}
            inner = self.factory(single, attrs)
            if inner.pop("account", None) == "other":
                raise Skip("makes several records of another account")
            return {"repeat": node["args"][1]["lit"], "steps": [inner]}
        route, defaults, mapping, needs_contact = FACTORIES[model]
        parents = PARENTS.get(model, (None,) * 4 + ({},))[4]
        body = []
        columns = []
        given = set()
        own_account = False
        for key, val in (attrs or {"array": []})["array"]:
            if key is None or "lit" not in key:
                raise Skip("a factory attribute is not a name")
            column = key["lit"]
            if column == "account_id":
                if val == {"get": "account_id", "on": {"var": "user"}}:
                    own_account = True
                    columns.append([key, self.value(val)])
                    continue
                raise Skip("its factory makes a record of another account")
            columns.append([key, self.value(val)])
            if column not in mapping:
                raise Skip("its factory sets %s.%s, which no API call writes" % (model, column))
            if mapping[column] is None:
                continue
            sent = self.value(val)
            if column in DAY_COLUMNS.get(model, ()) and isinstance(sent.get("lit"), str):
                # A date-time the factory stores in a column the API writes from a Y-m-d.
                sent = {"lit": sent["lit"][:10]}
            body.append([{"lit": mapping[column]}, sent])
            given.add(column)
        if not own_account:
            raise Skip("its factory makes a record of another account")
        return {"create": route, "defaults": defaults, "body": {"array": body}, "columns": {"array": columns},
                "account": "own",
                "contact": needs_contact is True and "contact_id" not in given,
                "attendee": needs_contact == "attendee", "aliases": ALIASES.get(model, []),
                "parents": {k: FACTORIES[m][0] for k, m in parents.items() if k not in given},
                "parentDefaults": {k: FACTORIES[m][1] for k, m in parents.items() if k not in given}}

    def upload(self, model, given):
        route, field, filename = UPLOADS[model]
        body = []
        for column, val in given.items():
            if column == "account_id":
                continue
            if column != "contact_id":
                raise Skip("its factory sets %s.%s, which no upload writes" % (model, column))
            body.append([{"lit": column}, self.value(val)])
        columns = [[{"lit": k}, self.value(v)] for k, v in given.items()]
        return {"create": route, "defaults": {}, "body": {"array": body}, "columns": {"array": columns},
                "account": "own", "upload": {"field": field, "filename": filename},
                "contact": "contact_id" not in given, "attendee": False, "aliases": [], "parents": {},
                "parentDefaults": {}}

    def links_pivot(self, node):
        """`$contact->tags()->sync[WithoutDetaching]([$tag->id => [...]])`: the contact's tags set by
        name through the API (POST /contacts/{id}/setTags); `$user->terms()->syncWithoutDetaching(
        [$term->id => [...]])`: the user signs the term, through the sandbox's fixture route."""
        if node.get("call") not in ("sync", "syncWithoutDetaching") or node["on"].get("call") not in ("tags", "terms"):
            return None
        owner = node["on"]["on"]
        keys = [k for k, _ in (node["args"][0].get("array", []) if node["args"] else [])]
        if "var" not in owner or not keys or any(k is None or k.get("get") != "id" for k in keys):
            return None
        if node["on"]["call"] == "terms":
            if len(keys) != 1:
                return None
            return {"fixture": {"cat": [{"lit": "/sandbox/terms/"}, self.value(keys[0]), {"lit": "/users"}]}}
        names = {"array": [[None, {"get": "name", "on": self.value(k["on"])}] for k in keys]}
        return {"request": "POST", "path": {"cat": [{"lit": "/api/contacts/"}, {"get": "id", "on": owner},
                                                   {"lit": "/setTags"}]},
                "body": {"array": [[{"lit": "tags"}, names]]}}

    def links_upload(self, node):
        """`$contact->photos()->syncWithoutDetaching([$photo->id])` after an upload of the photo:
        the upload takes that contact (it needs one); true when the statement is carried so."""
        if node.get("call") != "syncWithoutDetaching" or node["on"].get("call") != "photos":
            return False
        contact = node["on"]["on"].get("var")
        items = node["args"][0].get("array", []) if node["args"] else []
        if len(items) != 1 or items[0][1].get("get") != "id":
            return False
        step = self.made.get(items[0][1]["on"].get("var"))
        if not step or "upload" not in step or not step.get("contact") or self.accounts.get(contact) != "own":
            return False
        step["contact"] = False
        step["body"]["array"].append([{"lit": "contact_id"}, {"get": "id", "on": {"var": contact}}])
        return True

    def fake_file(self, node):
        """`UploadedFile::fake()->image('file.jpg')->storeAs(...)`: the file of a factory's row,
        which the port's upload carried already."""
        while "on" in node:
            node = node["on"]
        return node.get("fn") == "UploadedFile::fake"

    def seeded(self, model, attrs):
        route, per_account = SEEDED[model]
        match = []
        own = False
        for key, val in (attrs or {"array": []})["array"]:
            if key == {"lit": "account_id"}:
                if val != {"get": "account_id", "on": {"var": "user"}}:
                    raise Skip("its factory makes a record of another account")
                own = True
            else:
                match.append([key, self.value(val)])
        if per_account and not own:
            raise Skip("its factory makes a record of another account")
        if match:
            raise Skip("its factory makes a %s of given attributes, which no API route creates" % model)
        return {"seeded": route, "match": {"array": match}, "account": "own"}

    def rhs(self, node):
        """The right side of an assignment or a bare expression: may be an action."""
        if "call" in node and node["call"] == "create" and "fn" in node["on"] and node["on"]["fn"] == "factory":
            return self.factory(node["on"], node["args"][0] if node["args"] else None)
        if "call" in node and node["call"] == "create" and node["on"].get("call") in ("state", "states"):
            state = node["on"]["args"][0].get("lit") if node["on"]["args"] else None
            if state not in STATES or "fn" not in node["on"]["on"]:
                raise Skip("uses the factory state %s" % state)
            attrs = node["args"][0] if node["args"] else {"array": []}
            extra = [[{"lit": k}, {"lit": v}] for k, v in STATES[state].items()]
            return self.factory(node["on"]["on"], {"array": attrs["array"] + extra})
        if node.get("fn") == "Carbon::setTestNow":
            return {"clock": self.instant(node["args"][0] if node["args"] else {})}
        if node.get("fn") == "config" and node["args"] and "array" in node["args"][0]:
            # Monica's configuration, as the sandbox's fixture route changes it.
            for key, _ in node["args"][0]["array"]:
                if key != {"lit": "monica.allow_statistics_through_public_api_access"}:
                    raise Skip("changes the configuration %s, which the sandbox does not follow" % key.get("lit"))
            return {"fixture": {"lit": "/sandbox/config"}, "body": self.value(node["args"][0])}
        if "call" in node and node["on"].get("var") == "this":
            name, args = node["call"], node["args"]
            low = name.lower()
            if low == "signin":
                if self.signed:
                    raise Skip("signs in a second user, whose account's contacts a search must not leak: "
                               "the sandbox holds another account's rows as ids only, so nothing could leak")
                self.signed = True
                return {"signin": True, "account": "own"}
            if low == "json":
                method = args[0].get("lit")
                return {"request": method, "path": self.value(args[1]),
                        "body": self.value(args[2]) if len(args) > 2 else None}
            if low in ("get", "delete", "post") and len(args) == 1:
                # Laravel's plain helpers: the same request; Passport's actingAs needs no Accept.
                return {"request": low.upper(), "path": self.value(args[0]), "body": None}
            if name in self.helpers:
                return {"helper": name, "args": [self.value(a) for a in args]}
            raise Skip("calls $this->%s()" % name)
        return {"value": self.value(node)}

    def instant(self, node):
        """`Carbon::create(2018, 1, 1, 7, 0, 0)` as the UTC instant the sandbox's clock is set to."""
        if node.get("fn") != "Carbon::create" or not all("lit" in a for a in node["args"]):
            raise Skip("freezes the clock at a time the port cannot read")
        parts = [a["lit"] for a in node["args"]] + [1, 1, 0, 0, 0][len(node["args"]) - 1:]
        return "%04d-%02d-%02dT%02d:%02d:%02dZ" % tuple(parts[:6])

    def assertion(self, node):
        name, on, args = node["call"], node["on"], node["args"]
        low = name.lower()
        if on.get("var") == "this":
            if low == "expectnotfound":
                return {"assert": "notFound", "on": self.value(args[0])}
            if low == "expectdataerror":
                return {"assert": "dataError", "on": self.value(args[0]),
                        "expected": self.value(args[1]) if len(args) > 1 else {"lit": ""}}
            if low in ("assertdatabasehas", "assertdatabasemissing"):
                table = args[0].get("lit")
                if table not in TABLES or TABLES[table][0] is None:
                    raise Skip("asserts the table %s, which no API route reads" % table)
                route, columns = TABLES[table]
                return {"assert": "database" if low == "assertdatabasehas" else "databaseMissing", "route": route,
                        "columns": columns, "expected": self.value(args[1]), "single": table in SINGLE_ROW_TABLES}
            if low in ("assertequals", "assertsame"):
                return {"assert": "equals", "expected": self.value(args[0]), "actual": self.value(args[1]),
                        "strict": low == "assertsame"}
            if low == "assertgreaterthan":
                return {"assert": "greater", "expected": self.value(args[0]), "actual": self.value(args[1])}
            if low == "assertcount":
                return {"assert": "count", "expected": self.value(args[0]), "actual": self.value(args[1])}
            if low == "assertnull":
                return {"assert": "equals", "expected": {"lit": None}, "actual": self.value(args[0]),
                        "strict": True}
            if low in ("asserttrue", "assertfalse"):
                return {"assert": "equals", "expected": {"lit": low == "asserttrue"}, "actual": self.value(args[0]),
                        "strict": False}
            return None
        kinds = {"assertstatus": "status", "assertjsonstructure": "structure", "assertjsonfragment": "fragment",
                 "assertjsonmissingexact": "missingExact", "assertjsonmissing": "missing", "assertjson": "subset",
                 "assertok": "ok", "assertjsoncount": "jsonCount"}
        if low in kinds:
            return {"assert": kinds[low], "on": self.value(on), "args": [self.value(a) for a in args]}
        return None

    def steps(self, statements):
        out = []
        for s in statements:
            before = len(out)
            try:
                if "for" in s:
                    out.append({"repeat": s["for"], "steps": self.steps(s["body"])})
                elif "return" in s:
                    out.append({"return": self.value(s["return"])})
                elif "assign" in s:
                    step = self.rhs(s["value"])
                    step["var"] = s["assign"]
                    if "account" in step:
                        self.accounts[s["assign"]] = step.pop("account")
                    self.made[s["assign"]] = step
                    out.append(step)
                else:
                    node = s["do"]
                    root = node
                    while "on" in root:
                        root = root["on"]
                    if "call" in node and self.accounts.get(root.get("var")) == "other":
                        # `$contact->photos()->sync...` on another account's model: it changes that
                        # account's rows only, which the sandbox keeps as reserved ids.
                        continue
                    if self.links_upload(node):
                        continue
                    pivot = self.links_pivot(node)
                    if pivot is not None:
                        out.append(pivot)
                        continue
                    if self.fake_file(node):
                        continue
                    if node.get("call") == "schedule" and \
                            self.made.get(root.get("var"), {}).get("create") == "/api/reminders":
                        # The API's CreateReminder schedules the reminder it makes (CreateReminder.php:61).
                        continue
                    check = self.assertion(node) if "call" in node else None
                    if check is not None:
                        out.append(check)
                    else:
                        step = self.rhs(node)
                        if "value" in step:
                            raise Skip("has a statement without effect over HTTP: " + json.dumps(node)[:60])
                        step.pop("account", None)
                        out.append(step)
            finally:
                # The reads a statement needs run before it.
                out[before:before] = self.hoisted
                self.hoisted = []
        return out


# ---------------------------------------------------------------- skips decided by method

EMPTY_ACCOUNT = ("counts rows of an account Monica's factory leaves empty, where a signed-up account, as the "
                 "sandbox's, starts with its defaults (Account.php:687 populateDefaultFields)")
SKIP_METHODS = {
    ("ApiContactControllerTest", "it_updates_a_contact"):
        "sends its factory contact's gender_id back: the factory gives the contact a gender of its account "
        "(ContactFactory.php:7-15), which the API prints by name, never by id",
    ("ApiDebtsTest", "it_updates_a_debt"):
        "sets the signed-in user's locale in memory (`$user->locale = 'fr'`), which the answer's amounts then "
        "follow ('142,01 $US'), and which no API route changes",
    ("ApiContactControllerTest", "contact_query_internationalphone"):
        "searches `Phone:...`, which takes the account's first type named Phone (SearchHelper.php:31-35): "
        "the default one of a signed-up account, as the sandbox's, not the one the test makes",
    ("ApiGenderControllerTest", "it_applies_the_limit_parameter_in_search"): EMPTY_ACCOUNT,
    ("ApiActivityTypeCategoryControllerTest", "it_applies_limit_parameter"): EMPTY_ACCOUNT,
    ("ApiActivityTypeControllerTest", "it_applies_limit_parameter"): EMPTY_ACCOUNT,
    ("ApiRelationshipTypeControllerTest", "it_gets_the_right_number_of_relationship_types"): EMPTY_ACCOUNT,
    ("ApiRelationshipTypeGroupControllerTest", "it_gets_the_right_number_of_relationship_type_groups"): EMPTY_ACCOUNT,
}

# ---------------------------------------------------------------- skips decided from the text

TEXT_SKIPS = [
    (r"Storage::", "uploads a fake file through Laravel's storage fake and asserts its disk"),
    (r"Passport::|actingAs", "signs in another user"),
    (r"new ApiController|new Api\w+Controller", "unit-tests ApiController's PHP methods, without HTTP"),
    (r"->attach\(|->save\(\)|->update\(|->refresh\(|->delete\(\)", "changes or reads rows through Eloquent"),
]


def port(repo, path):
    text = subprocess.run(["git", "-C", repo, "show", "%s:%s" % (TAG, path)], capture_output=True, text=True,
                          check=True).stdout
    props = properties(text)
    all_methods = list(methods(text))
    helpers = {}
    for name, line, is_test, params, body in all_methods:
        if not is_test and name not in ("setUp",):
            helpers[name] = (params, body)
    translator = Translator(props, helpers)
    helper_steps = {}
    for name, (params, body) in helpers.items():
        try:
            translator.reset()
            helper_steps[name] = {"params": params, "steps": translator.steps(Parser(tokenize(body)).statements())}
        except Skip:
            pass
    translator.helpers = helper_steps
    tests = []
    for name, line, is_test, params, body in all_methods:
        if not is_test:
            continue
        entry = {"name": name, "line": line}
        try:
            if (os.path.basename(path)[:-4], name) in SKIP_METHODS:
                raise Skip(SKIP_METHODS[(os.path.basename(path)[:-4], name)])
            for pattern, reason in TEXT_SKIPS:
                if re.search(pattern, body):
                    raise Skip(reason)
            for helper in re.findall(r"\$this->(\w+)\(", body):
                if helper in helpers and helper not in helper_steps:
                    raise Skip("calls the helper %s, which the port cannot carry" % helper)
            translator.reset()
            entry["steps"] = translator.steps(Parser(tokenize(body)).statements())
        except Skip as skip:
            entry["skip"] = str(skip)
        tests.append(entry)
    return {"file": path, "helpers": helper_steps, "tests": tests}


def swift_name(name):
    return name


def emit_swift(cls, script):
    lines = [
        "// Generated by Tests/ConformanceTests/Porter/port.py from Monica's %s at %s: do not edit." % (
            script["file"], TAG),
        "import Testing",
        "",
        "@Suite(\"%s\", .serialized)" % script["file"],
        "struct %s {" % cls,
        "  let port = PortedClass(\"%s\")" % cls,
        "",
    ]
    base = os.path.basename(script["file"])
    for test in script["tests"]:
        lines.append("  // %s:%d" % (base, test["line"]))
        if "skip" in test:
            reason = test["skip"].replace("\\", "\\\\").replace('"', '\\"')
            wrapped = textwrap.wrap(reason, 90, break_long_words=False, drop_whitespace=False)
            body = "\\\n".join("      " + part for part in wrapped)
            lines.append("  @Test(")
            lines.append("    .disabled(")
            lines.append('      """')
            lines.append(body)
            lines.append('      """)')
            lines.append("  )")
            lines.append("  func %s() async throws {}" % swift_name(test["name"]))
        else:
            lines.append("  @Test func %s() async throws { try await port.run(#function) }" % swift_name(test["name"]))
        lines.append("")
    lines[-1] = "}"
    return "\n".join(lines) + "\n"


def main():
    repo = sys.argv[1]
    files = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "--name-only", TAG, "tests/Api"],
                           capture_output=True, text=True, check=True).stdout.split()
    os.makedirs(os.path.join(TARGET, "Scripts"), exist_ok=True)
    os.makedirs(os.path.join(TARGET, "Ported"), exist_ok=True)
    total = skipped = 0
    reasons = {}
    seen = set()
    for path in files:
        if "/DAV/" in path or not path.endswith("Test.php"):
            continue
        cls = os.path.basename(path)[:-4]
        if cls in seen:  # Contact/ and Settings/ApiAuditLogControllerTest
            cls = os.path.basename(os.path.dirname(path)) + cls
        seen.add(cls)
        script = port(repo, path)
        if not script["tests"]:
            continue
        with open(os.path.join(TARGET, "Scripts", cls + ".json"), "w") as f:
            json.dump(script, f, indent=1, sort_keys=True)
            f.write("\n")
        with open(os.path.join(TARGET, "Ported", cls + ".swift"), "w") as f:
            f.write(emit_swift(cls, script))
        for t in script["tests"]:
            total += 1
            if "skip" in t:
                skipped += 1
                reasons[t["skip"]] = reasons.get(t["skip"], 0) + 1
    print("methods %d, ported %d, skipped %d" % (total, total - skipped, skipped))
    for reason, n in sorted(reasons.items(), key=lambda x: -x[1]):
        print("%4d  %s" % (n, reason))


if __name__ == "__main__":
    main()
