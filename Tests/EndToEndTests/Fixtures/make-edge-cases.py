#!/usr/bin/env python3
"""Writes edge-cases.ndjson: hand-made Monica 4.x records in the wire form (keys in Monica's
order, `/` as `\\/`, non-ASCII as \\uXXXX) for what seeded data rarely has: partial contacts,
CJK, RTL and combining names, 29 February and year-unknown birthdays, and every record kind.
Run it from this directory; the output is committed."""
import json

HOST = "http://127.0.0.1:8080"
ACCOUNT = {"id": 1}


def wire(obj):
    return json.dumps(obj, ensure_ascii=True, separators=(",", ":")).replace("/", "\\/")


def birth(date, year_unknown=False, age_based=False):
    if date is None:
        return {"is_age_based": None, "is_year_unknown": None, "date": None}
    return {"is_age_based": age_based, "is_year_unknown": year_unknown, "date": date + "T00:00:00Z"}


def contact(cid, first, last, nickname=None, dead=False, starred=False, partial=False, active=True,
            birthdate=None, deceased=None, job=None, company=None, tags=(), description=None,
            gender="Woman", fields=False, addresses=(), updated="2024-05-01T10:00:00Z"):
    complete = " ".join(x for x in [first, last] if x)
    if dead:
        complete += " \u26b0"
    initials = "".join(x[0] for x in [first, last] if x)
    c = {
        "id": cid, "uuid": "0b6a6c2e-0000-4000-8000-%012d" % cid, "object": "contact",
        "hash_id": "h:%04d" % cid, "first_name": first, "last_name": last, "nickname": nickname,
        "complete_name": complete, "initials": initials, "description": description,
        "gender": gender, "gender_type": "F" if gender == "Woman" else "M",
        "is_starred": starred, "is_partial": partial, "is_active": active, "is_dead": dead, "is_me": False,
    }
    dates = {"birthdate": birth(*birthdate) if birthdate else birth(None),
             "deceased_date": birth(deceased) if deceased else birth(None)}
    if partial:
        c["information"] = {"dates": dates}
    else:
        c.update({
            "last_called": None, "last_activity_together": "2024-04-20T00:00:00.000000Z",
            "stay_in_touch_frequency": None, "stay_in_touch_trigger_date": None,
        })
        rel = {"total": 0, "contacts": None}
        c["information"] = {
            "relationships": {"love": rel, "family": rel, "friend": rel, "work": rel},
            "dates": dates,
            "career": {"job": job, "company": company},
            "avatar": {"url": HOST + "/store/avatars/x.jpg", "source": "default", "default_avatar_color": "#fdb660"},
            "food_preferences": None,
            "how_you_met": {"general_information": None, "first_met_date": birth(None), "first_met_through_contact": None},
        }
        c["addresses"] = list(addresses)
        c["tags"] = [{"id": 10 + i, "object": "tag", "name": t, "name_slug": t.lower().replace(" ", "-"),
                      "account": ACCOUNT, "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}
                     for i, t in enumerate(tags)]
        c["statistics"] = {"number_of_calls": 0, "number_of_notes": 1, "number_of_activities": 1,
                           "number_of_reminders": 0, "number_of_tasks": 1, "number_of_gifts": 1, "number_of_debts": 0}
        c["url"] = HOST + "/api/contacts/%d" % cid
    c["account"] = ACCOUNT
    c["created_at"] = "2024-01-01T00:00:00Z"
    c["updated_at"] = updated
    if fields:
        c["contactFields"] = [
            {"id": 1, "object": "contactfield", "content": first.lower() + "@example.com",
             "contact_field_type": {"id": 1, "object": "contactfieldtype", "name": "Email", "fontawesome_icon": "fa fa-envelope-open-o",
                                    "protocol": "mailto:", "delible": False, "type": "email", "account": ACCOUNT},
             "account": ACCOUNT, "contact": {"id": cid}, "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"},
            {"id": 2, "object": "contactfield", "content": "+1 555 0100",
             "contact_field_type": {"id": 2, "object": "contactfieldtype", "name": "Phone", "fontawesome_icon": "fa fa-volume-control-phone",
                                    "protocol": "tel:", "delible": False, "type": "phone", "account": ACCOUNT},
             "account": ACCOUNT, "contact": {"id": cid}, "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"},
        ]
        c["notes"] = []
    return c


def short(c):
    s = {k: c[k] for k in ["id", "uuid", "object", "hash_id", "first_name", "last_name", "nickname", "complete_name",
                           "initials", "gender", "gender_type", "is_starred", "is_partial", "is_active", "is_dead", "is_me"]}
    s["information"] = {"birthdate": c["information"]["dates"]["birthdate"],
                        "deceased_date": c["information"]["dates"]["deceased_date"],
                        "avatar": {"url": "", "source": "default", "default_avatar_color": "#93521e"}}
    s["url"] = HOST + "/api/contacts/%d" % c["id"]
    s["account"] = ACCOUNT
    return s


address = {"id": 1, "object": "address", "name": "Home", "street": "12 Rue de la Paix, Apt 3", "city": "Paris",
           "province": "\u00cele-de-France", "postal_code": "75002", "latitude": None, "longitude": None,
           "country": {"id": "FR", "object": "country", "name": "France", "iso": "FR"},
           "account": ACCOUNT, "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}

jane = contact(1, "Jane", "Doe", nickname="JD", starred=True, birthdate=("1985-03-14",), job="Engineer",
               company="Acme, Inc.", tags=["family", "Work Friends"],
               description="Met at the conference; likes \"jazz\", hiking, and long walks by the sea.\nSecond line of notes that makes this description long enough to fold.",
               fields=True, addresses=[address], updated="2024-05-02T09:30:00Z")
elodie = contact(2, "\u00c9lodie", "M\u00fcller", dead=True, birthdate=("1992-02-29",), deceased="2023-11-02",
                 tags=["family"], updated="2024-03-15T08:00:00Z")
taro = contact(3, "\u592a\u90ce", "\u5c71\u7530", birthdate=("2024-06-05", True), gender="Man", job="\u8a2d\u8a08\u8005",
               company="\u682a\u5f0f\u4f1a\u793e\u30c6\u30b9\u30c8", updated="2024-04-10T12:00:00Z")
bob = contact(4, "Bob", None, partial=True, gender="Man", updated="2024-02-01T00:00:00Z")
salma = contact(5, "\u0633\u0644\u0645\u0649", "\u062d\u062f\u0627\u062f", birthdate=("1990-12-31",), updated="2024-01-20T00:00:00Z")
zoe = contact(6, "Zoe\u0308", "Salda\u00f1a", starred=True, active=False, birthdate=("1970-01-01",),
              tags=["book club"], updated="2023-12-24T18:45:00Z")
ann = contact(7, "Ann", "Lee", nickname="Annie", birthdate=("2000-02-29", True), updated="2024-05-03T00:00:00Z")

contacts = [jane, elodie, taro, bob, salma, zoe, ann]

activity = {"id": 1, "uuid": "a0000000-0000-4000-8000-000000000001", "object": "activity",
            "summary": "Dinner at Chez L\u00e9on", "description": "Talked about the trip.", "happened_at": "2024-04-20",
            "activity_type": {"id": 2, "object": "activityType", "name": "ate at a restaurant", "location_type": "outside",
                              "activity_type_category": {"id": 1, "object": "activityTypeCategory", "name": "Food",
                                                         "account": ACCOUNT, "created_at": None, "updated_at": None},
                              "account": ACCOUNT, "created_at": None, "updated_at": None},
            "attendees": {"total": 2, "contacts": [short(jane), short(taro)]}, "emotions": [],
            "url": HOST + "/api/activities/1", "account": ACCOUNT,
            "created_at": "2024-04-20T20:00:00Z", "updated_at": "2024-04-21T08:00:00Z"}
activity2 = dict(activity, id=2, uuid="a0000000-0000-4000-8000-000000000002", summary="Phone call",
                 description=None, happened_at="2024-05-01", activity_type=None,
                 attendees={"total": 1, "contacts": [short(elodie)]}, url=HOST + "/api/activities/2",
                 created_at="2024-05-01T10:00:00Z", updated_at="2024-05-01T10:00:00Z")
note = {"id": 1, "uuid": "b0000000-0000-4000-8000-000000000001", "object": "note",
        "body": "Loves \u00e9clairs | and tea", "is_favorited": True, "favorited_at": "2024-04-01T00:00:00Z",
        "url": HOST + "/api/notes/1", "account": ACCOUNT, "contact": short(jane),
        "created_at": "2024-04-01T00:00:00Z", "updated_at": "2024-04-01T00:00:00Z"}
note2 = dict(note, id=2, uuid="b0000000-0000-4000-8000-000000000002", body="Call about the \u5c71 trip",
             is_favorited=False, favorited_at=None, url=HOST + "/api/notes/2", contact=short(taro),
             created_at="2024-04-11T00:00:00Z", updated_at="2024-04-11T00:00:00Z")
task = {"id": 1, "uuid": "c0000000-0000-4000-8000-000000000001", "object": "task", "title": "Send birthday card",
        "description": None, "completed": True, "completed_at": "2024-03-10T00:00:00Z", "account": ACCOUNT,
        "contact": short(jane), "created_at": "2024-03-01T00:00:00Z", "updated_at": "2024-03-10T00:00:00Z"}
task2 = dict(task, id=2, uuid="c0000000-0000-4000-8000-000000000002", title="Book the restaurant",
             completed=False, completed_at=None, contact=None, updated_at="2024-03-02T00:00:00Z")
gift = {"id": 1, "uuid": "d0000000-0000-4000-8000-000000000001", "object": "gift", "name": "Vinyl record",
        "comment": None, "url": "https://shop.example.com/vinyl?id=1", "amount": "25.50", "value": "25.5",
        "amount_with_currency": "$25.50", "status": "offered", "date": "2024-03-14", "recipient": None,
        "photos": [], "contact": short(jane), "account": ACCOUNT,
        "created_at": "2024-03-01T00:00:00Z", "updated_at": "2024-03-14T00:00:00Z"}
gift2 = dict(gift, id=2, uuid="d0000000-0000-4000-8000-000000000002", name="Tea set", url=None, amount=None,
             value="", amount_with_currency="", status="idea", date=None, recipient=short(salma),
             contact=short(taro), updated_at="2024-04-02T00:00:00Z")
gift3 = dict(gift, id=3, uuid="d0000000-0000-4000-8000-000000000003", name="Scarf", url=None, amount="40",
             value="40", amount_with_currency="\u20ac40.00", status="received", date="2023-12-24",
             contact=short(zoe), updated_at="2023-12-24T00:00:00Z")
tag = {"id": 10, "object": "tag", "name": "family", "name_slug": "family", "account": ACCOUNT,
       "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}
photo = {"id": 1, "uuid": "e0000000-0000-4000-8000-000000000001", "object": "photo", "original_filename": "beach.png",
         "new_filename": "photos/abc.png", "filesize": 68, "mime_type": "image/png",
         "dataUrl": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
         "link": HOST + "/store/photos/abc.png", "account": ACCOUNT, "contact": short(jane),
         "created_at": "2024-02-01T00:00:00Z", "updated_at": "2024-02-01T00:00:00Z"}
user = {"id": 1, "object": "user", "first_name": "Sam", "last_name": "Admin", "email": "sam@example.com",
        "timezone": "UTC", "currency": {"id": 2, "iso": "USD", "name": "US Dollar", "symbol": "$"},
        "locale": "en", "is_policy_compliant": True, "account": ACCOUNT,
        "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}

with open("contacts.ndjson", "w") as out:
    for c in contacts:
        out.write(wire(c) + "\n")
with open("mixed.ndjson", "w") as out:
    for r in [jane, note, task2, gift, activity, task, note2, elodie, gift2, activity2, gift3, tag, photo, user]:
        out.write(wire(r) + "\n")
