-- trip.lua: a wizard, one page per section.
form.title = "Book a trip"
form.pages = true

local who = form:section{ header = "Traveller" }
who:text{ name = "name", title = "Name", validators = { "presence" } }
who:text{ name = "email", title = "Email", validators = { "presence", "email" } }

local trip = form:section{ header = "Trip" }
trip:radio{ name = "city", title = "City", options = { "Lisbon", "Oslo", "Rome" },
            validators = { "presence" } }
trip:number{ name = "nights", title = "Nights", min = 1, max = 30, value = 3 }

local extras = form:section{ header = "Extras" }
extras:bool{ name = "insurance", title = "Insurance" }
