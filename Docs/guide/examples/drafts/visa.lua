-- visa.lua: a long form nobody fills in one go.
form.title = "Visa application"
local you = form:section{ header = "You" }
you:text{ name = "name", title = "Name", validators = { "presence" } }
you:text{ name = "passport", title = "Passport number", validators = { "presence" } }
you:date{ name = "born", title = "Date of birth", validators = { "presence" } }
local trip = form:section{ header = "Trip" }
trip:date{ name = "arrival", title = "Arrival", validators = { "presence" } }
trip:number{ name = "days", title = "Days", min = 1, max = 90 }
trip:text{ name = "address", title = "Address in the country" }
trip:text{ name = "pin", title = "Application PIN", secure = true }
