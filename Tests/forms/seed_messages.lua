-- A form for seed_messages_test.lua: messages in the author's words.
form.messages = { presence = "%s est obligatoire.", email = "%s n'est pas une adresse." }
form.locale = {
  months = { "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
             "novembre", "décembre" },
  days = { "dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi" },
}
local s = form:section{ header = "Compte" }
s:text{ name = "email", title = "Email", validators = { "presence", "email" },
        messages = { presence = "Tell us your email." } }
s:text{ name = "nom", title = "Nom", validators = { "presence", "length(2)" } }
s:text{ name = "pw", title = "Mot de passe", error_label = "Le mot de passe", validators = { "presence", "length(8)" } }
s:date{ name = "jour", title = "Jour", format = "EEEE d MMMM yyyy" }
s:date{ name = "court", title = "Court", format = "d MMM yyyy", min = "2026-01-01" }
