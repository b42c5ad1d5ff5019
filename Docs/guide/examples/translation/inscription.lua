-- inscription.lua: a form in French, a language formrun does not ship:
-- month and day names in form.locale, the phrases it says by their keys.
form.locale = {
  language = "en",
  months = { "janvier", "février", "mars", "avril", "mai", "juin", "juillet",
             "août", "septembre", "octobre", "novembre", "décembre" },
  days = { "dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi" },
}
form.messages = {
  presence = "%s est obligatoire.",                  -- a validator's message, by its name
  email = "%s n'est pas une adresse valide.",
  ["legend.required"] = "* obligatoire",              -- a phrase, by its key
  ["submit.cannot"] = { one = "envoi impossible (1 problème) :",
                        other = "envoi impossible ({count} problèmes) :" },
  ["errors.row"] = "ligne {row} : {message}",
  ["submit.done"] = "envoyé",
  ["fill.input_ended"] = "la saisie a pris fin avant l'envoi",
  ["bool.on"] = "oui",
  ["bool.off"] = "non",
  ["bool.on_words"] = "oui, o",
  ["bool.off_words"] = "non, n",
}

form.title = "Inscription"
local s = form:section{ header = "Vous" }
s:text{ name = "nom", title = "Nom", validators = { "presence" } }
s:text{ name = "courriel", title = "Courriel", validators = { "presence", "email" } }
s:date{ name = "debut", title = "Début", format = "EEEE d MMMM yyyy" }
s:bool{ name = "lettre", title = "Lettre d'information" }
