-- A form for re_localised_test.lua: RETableViewManager's localised strings
-- and Eureka's: the whole UI in the author's language (German), with a few
-- phrases in the author's own words.
form.locale = { language = "de" }
form.messages = {
  presence = "Bitte %s angeben.",
  ["refuse.bad_value"] = "Nein: {reason}",
  ["submit.cannot"] = { one = "Noch ein Problem:", other = "Noch {count} Probleme:" },
}
local s = form:section{ header = "Konto" }
s:text{ name = "nick", title = "Spitzname", validators = { "presence" } }
s:number{ name = "age", title = "Alter", min = 1, max = 10 }
s:bool{ name = "news", title = "Newsletter" }
s:date{ name = "born", title = "Geboren", format = "EEEE, d. MMMM yyyy" }
s:radio{ name = "plan", title = "Tarif", options = { "Frei", "Profi" } }
