import csv, io

def write(name, header, rows, encoding="utf-8", bom=False, quoting=csv.QUOTE_MINIMAL, newline="\r\n", preamble=""):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=header, quoting=quoting, lineterminator=newline, extrasaction="raise")
    w.writeheader()
    for r in rows:
        w.writerow({k: r.get(k, "") for k in header})
    text = preamble + buf.getvalue()
    data = text.encode(encoding)
    if bom: data = b"\xef\xbb\xbf" + data
    open(name, "wb").write(data)

google = ("First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,Name Prefix,"
  "Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,Birthday,Notes,Photo,Labels,"
  "E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,"
  "Phone 2 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,"
  "Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Website 1 - Label,"
  "Website 1 - Value,Event 1 - Label,Event 1 - Value,Relation 1 - Label,Relation 1 - Value,Custom Field 1 - Label,"
  "Custom Field 1 - Value").split(",")
write("google.csv", google, [
  {"First Name": "Ana", "Middle Name": "María", "Last Name": "López", "Nickname": "Anita",
   "Organization Name": "Acme, Inc.", "Organization Title": "Engineer", "Organization Department": "Platform",
   "Birthday": "--05-17", "Notes": "Met at the \"Lisbon\" meetup.\n\nLikes long walks.",
   "Labels": "Friends ::: * myContacts ::: * starred",
   "E-mail 1 - Label": "* Work", "E-mail 1 - Value": "ana.lopez@example.org",
   "E-mail 2 - Label": "Home", "E-mail 2 - Value": "ana@home.example ::: anita@home.example",
   "Phone 1 - Label": "Mobile", "Phone 1 - Value": "+34 600 111 222",
   "Address 1 - Label": "Home", "Address 1 - Formatted": "Calle Mayor 1\n28013 Madrid\nES",
   "Address 1 - Street": "Calle Mayor 1", "Address 1 - City": "Madrid", "Address 1 - Postal Code": "28013",
   "Address 1 - Country": "Spain", "Address 1 - Extended Address": "3º B",
   "Website 1 - Label": "Profile", "Website 1 - Value": "https://www.linkedin.com/in/ana-lopez",
   "Event 1 - Label": "Anniversary", "Event 1 - Value": "2015-09-12",
   "Relation 1 - Label": "Spouse", "Relation 1 - Value": "Luis",
   "Custom Field 1 - Label": "Shoe size", "Custom Field 1 - Value": "38"},
  {"First Name": "Bob", "Last Name": "Stone", "Birthday": "1980-02-29", "Labels": "* myContacts ::: Work",
   "E-mail 1 - Label": "* ", "E-mail 1 - Value": "bob@stone.example",
   "Phone 1 - Label": "Work", "Phone 1 - Value": "+1 555 010 0300 ::: +1 555 010 0301",
   "Phone 2 - Label": "Home", "Phone 2 - Value": "+1 555 010 0399"},
  {"Organization Name": "Corner Bakery", "Labels": "Copied from phone ::: * myContacts",
   "Phone 1 - Label": "Work", "Phone 1 - Value": "+1 555 010 0400"},
], bom=True, newline="\n")

older = ("Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,Family Name Yomi,"
  "Name Prefix,Name Suffix,Initials,Nickname,Short Name,Maiden Name,Birthday,Gender,Location,Billing Information,"
  "Directory Server,Mileage,Occupation,Hobby,Sensitivity,Priority,Subject,Notes,Language,Photo,Group Membership,"
  "E-mail 1 - Type,E-mail 1 - Value,E-mail 2 - Type,E-mail 2 - Value,Phone 1 - Type,Phone 1 - Value,Address 1 - Type,"
  "Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,"
  "Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Organization 1 - Type,"
  "Organization 1 - Name,Organization 1 - Yomi Name,Organization 1 - Title,Organization 1 - Department,"
  "Organization 1 - Symbol,Organization 1 - Location,Organization 1 - Job Description,Website 1 - Type,"
  "Website 1 - Value").split(",")
write("google-older.csv", older, [
  {"Name": "Carla Diaz", "Given Name": "Carla", "Family Name": "Diaz", "Name Prefix": "Dr.", "Birthday": "1975-08-23",
   "Gender": "female", "Hobby": "Climbing", "Group Membership": "* My Contacts ::: Climbing club",
   "E-mail 1 - Type": "* Home", "E-mail 1 - Value": "carla@diaz.example",
   "Phone 1 - Type": "Mobile", "Phone 1 - Value": "+44 7700 900123",
   "Address 1 - Type": "Work", "Address 1 - Formatted": "1 Lab Road\nCambridge CB2 1TN\nUnited Kingdom",
   "Address 1 - Street": "1 Lab Road", "Address 1 - City": "Cambridge", "Address 1 - Postal Code": "CB2 1TN",
   "Address 1 - Country": "United Kingdom",
   "Organization 1 - Type": "", "Organization 1 - Name": "Cambridge Labs", "Organization 1 - Title": "Researcher",
   "Organization 1 - Department": "Genomics", "Website 1 - Type": "Blog", "Website 1 - Value": "https://carla.example/blog"},
  {"Name": "Dan", "Given Name": "", "E-mail 1 - Type": "* Other", "E-mail 1 - Value": "dan@example.net",
   "Group Membership": "* My Contacts"},
], newline="\r\n")

outlook_com = ("First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,E-mail Address,"
  "E-mail 2 Address,E-mail 3 Address,Home Phone,Home Phone 2,Business Phone,Business Phone 2,Mobile Phone,Car Phone,"
  "Other Phone,Primary Phone,Pager,Business Fax,Home Fax,Other Fax,Company Main Phone,Callback,Radio Phone,Telex,"
  "TTY/TDD Phone,IMAddress,Job Title,Department,Company,Office Location,Manager's Name,Assistant's Name,"
  "Assistant's Phone,Company Yomi,Business Street,Business City,Business State,Business Postal Code,"
  "Business Country/Region,Home Street,Home City,Home State,Home Postal Code,Home Country/Region,Other Street,"
  "Other City,Other State,Other Postal Code,Other Country/Region,Personal Web Page,Spouse,Schools,Hobby,Location,"
  "Web Page,Birthday,Anniversary,Notes").split(",")
write("outlook-com.csv", outlook_com, [
  {"First Name": "Erik", "Last Name": "Nilsson", "Title": "Mr.", "E-mail Address": "erik@nilsson.example",
   "E-mail 2 Address": "erik.nilsson@work.example", "Mobile Phone": "+46 70 123 45 67",
   "Business Phone": "+46 8 123 456 78", "Job Title": "Architect", "Company": "Nordbygg AB",
   "Business Street": "Storgatan 1", "Business City": "Stockholm", "Business Postal Code": "111 51",
   "Business Country/Region": "Sweden", "Spouse": "Karin", "Birthday": "5/17/1980", "Anniversary": "6/20/2010",
   "Notes": "Prefers phone calls"},
  {"First Name": "Fatima", "Last Name": "Zahra", "E-mail Address": "fatima@zahra.example", "Birthday": "12/3/1990",
   "Home Street": "Rue de la Paix 2", "Home City": "Paris", "Home Postal Code": "75002", "Home Country/Region": "France"},
], bom=True)

desktop = ("Title,First Name,Middle Name,Last Name,Suffix,Company,Department,Job Title,Business Street,Business Street 2,"
  "Business Street 3,Business City,Business State,Business Postal Code,Business Country/Region,Home Street,"
  "Home Street 2,Home Street 3,Home City,Home State,Home Postal Code,Home Country/Region,Other Street,Other Street 2,"
  "Other Street 3,Other City,Other State,Other Postal Code,Other Country/Region,Assistant's Phone,Business Fax,"
  "Business Phone,Business Phone 2,Callback,Car Phone,Company Main Phone,Home Fax,Home Phone,Home Phone 2,ISDN,"
  "Mobile Phone,Other Fax,Other Phone,Pager,Primary Phone,Radio Phone,TTY/TDD Phone,Telex,Account,Anniversary,"
  "Assistant's Name,Billing Information,Birthday,Business Address PO Box,Categories,Children,Directory Server,"
  "E-mail Address,E-mail Type,E-mail Display Name,E-mail 2 Address,E-mail 2 Type,E-mail 2 Display Name,"
  "E-mail 3 Address,E-mail 3 Type,E-mail 3 Display Name,Gender,Government ID Number,Hobby,Home Address PO Box,"
  "Initials,Internet Free Busy,Keywords,Language,Location,Manager's Name,Mileage,Notes,Office Location,"
  "Organizational ID Number,Other Address PO Box,Priority,Private,Profession,Referred By,Sensitivity,Spouse,User 1,"
  "User 2,User 3,User 4,Web Page").split(",")
def outlook_defaults(r):
    base = {"Anniversary": "0/0/00", "Birthday": "0/0/00", "Gender": "Unspecified", "Priority": "Normal",
            "Private": "False", "Sensitivity": "Normal"}
    base.update(r); return base
write("outlook-desktop.csv", desktop, [outlook_defaults(r) for r in [
  {"First Name": "Jürgen", "Last Name": "Müller", "Company": "Müller & Söhne GmbH", "Job Title": "Geschäftsführer",
   "Business Street": "Hauptstraße 5", "Business City": "München", "Business Postal Code": "80331",
   "Business Country/Region": "Deutschland", "Business Phone": "+49 89 1234567", "Mobile Phone": "+49 171 2345678",
   "Birthday": "3/14/1968", "Categories": "Kunden;VIP", "E-mail Address": "juergen@mueller.example",
   "E-mail Type": "SMTP", "E-mail Display Name": "Jürgen Müller (juergen@mueller.example)",
   "Gender": "Male", "Notes": "Zweite Zeile folgt:\r\nbitte siezen – immer.", "Web Page": "https://mueller.example"},
  {"First Name": "Grace", "Last Name": "Hopper", "E-mail Address": "/o=ExchangeLabs/ou=Exchange Administrative Group/cn=Recipients/cn=grace",
   "E-mail Type": "EX", "E-mail 2 Address": "grace@navy.example", "E-mail 2 Type": "SMTP", "Categories": "Navy",
   "Home Phone": "(555) 010-0500", "User 1": "COBOL"},
]], encoding="cp1252", quoting=csv.QUOTE_ALL)

linkedin_pre = ("Notes:\r\n\"When exporting your connection data, you may notice that some of the email addresses are "
  "missing. You will only see email addresses for connections who have allowed their connections to see or download "
  "their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here "
  "https://www.linkedin.com/help/linkedin/answer/261\"\r\n\r\n")
linkedin = "First Name,Last Name,URL,Email Address,Company,Position,Connected On".split(",")
write("linkedin.csv", linkedin, [
  {"First Name": "Ana", "Last Name": "López", "URL": "https://www.linkedin.com/in/ana-lopez",
   "Email Address": "ana.lopez@example.org", "Company": "Acme, Inc.", "Position": "Staff Engineer",
   "Connected On": "30 May 2024"},
  {"First Name": "", "Last Name": "", "URL": "", "Email Address": "", "Company": "", "Position": "",
   "Connected On": "02 Jan 2023"},
  {"First Name": "Hiro", "Last Name": "Tanaka", "URL": "https://www.linkedin.com/in/hiro-tanaka-1a2b3c",
   "Company": "Kaizen KK", "Position": "Engineering Manager, Payments", "Connected On": "12 Mar 2024"},
], preamble=linkedin_pre)

sheet = "Given,Surname,Mail 1,Mail 2,Cell,Born,Group,Shoe size".split(",")
write("spreadsheet.csv", sheet, [
  {"Given": "Ines", "Surname": "Costa", "Mail 1": "ines@costa.example", "Cell": "+351 912 345 678",
   "Born": "17.05.1985", "Group": "Family;Lisbon", "Shoe size": "37"},
  {"Given": "Jonas", "Surname": "Berg", "Mail 2": "jonas@berg.example", "Born": "1.2.1990", "Shoe size": "44"},
], newline="\n")
open("unknown.csv", "w").write("Customer,Mail,Tel,Since\nAcme,a@acme.example,555,2020\n")
