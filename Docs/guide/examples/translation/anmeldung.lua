-- anmeldung.lua: a form in German, a language formrun ships.
form.locale = "de"
form.title = "Anmeldung"
local s = form:section{ header = "Sie" }
s:text{ name = "name", title = "Name", validators = { "presence" } }
s:text{ name = "email", title = "E-Mail", validators = { "presence", "email" } }
s:date{ name = "beginn", title = "Beginn", format = "EEEE, d. MMMM yyyy" }
s:bool{ name = "newsletter", title = "Newsletter" }
