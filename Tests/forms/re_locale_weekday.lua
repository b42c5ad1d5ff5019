-- RETableViewManager's date rows with a locale: French names, a format with
-- the weekday, typed without it (Tests/forms/re_locale_weekday_test.lua).
form.locale = {
  months = { "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
             "novembre", "décembre" },
  days = { "dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi" },
}
local s = form:section{ header = "Rendez-vous" }
s:date{ name = "jour", title = "Jour", format = "EEEE d MMMM yyyy" }
s:date{ name = "virgule", title = "Virgule", format = "EEE, d MMM yyyy" }
s:date{ name = "fin", title = "Fin", format = "d MMMM yyyy (EEEE)" }
s:date{ name = "rdv", title = "Rendez-vous", mode = "datetime", format = "EEEE d MMMM yyyy HH:mm" }
s:date{ name = "points", title = "Points", format = "EEEE yyyy.MM.dd" }
