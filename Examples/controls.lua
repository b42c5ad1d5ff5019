-- The "Controls" screen of RETableViewManager's example app, as a form:
-- one row of every kind formrun has, and a custom kind.
form.title = "Controls"

local fields = form:section{ header = "Text" }
fields:text{ name = "name", title = "Name", placeholder = "Jane Appleseed" }
fields:text{ name = "password", title = "Password", secure = true, max_length = 64 }
fields:longtext{ name = "notes", title = "Notes", max_length = 500, placeholder = "a few lines" }
fields:masked{ name = "phone", title = "Phone", format = "(XXX) XXX-XXXX" }

local numbers = form:section{ header = "Numbers" }
numbers:number{ name = "seats", title = "Seats", min = 2, max = 500, value = 2 }
numbers:number{ name = "price", title = "Price", min = 0, decimals = 2 }
numbers:float{ name = "volume", title = "Volume", value = 0.5, step = 0.1 }
numbers:bool{ name = "wifi", title = "Wi-Fi", value = true }

local dates = form:section{ header = "Dates" }
dates:date{ name = "birthday", title = "Birthday", format = "MM/dd/yyyy", min = "1900-01-01" }
dates:date{ name = "alarm", title = "Alarm", mode = "time", format = "hh:mm a" }
dates:date{ name = "meeting", title = "Meeting", mode = "datetime", format = "EEE MMM d, yyyy HH:mm" }

local choices = form:section{ header = "Choices" }
choices:radio{ name = "plan", title = "Plan", options = { "Free", "Pro", "Team" }, value = "Free" }
choices:segmented{ name = "size", title = "Size", options = { "S", "M", "L" }, value = "M" }
choices:multiple{ name = "toppings", title = "Toppings", options = { "Cheese", "Mushrooms", "Olives" } }
choices:picker{ name = "pizza", title = "Pizza",
                options = { { "S", "M", "L" }, { "Thin", "Regular", "Thick" } }, value = { "M", "Regular" } }

local payment = form:section{ header = "Payment", footer = "Try 4242 4242 4242 4242 12/30 123" }
payment:creditcard{ name = "card", title = "Card" }

form:kind("rating", {
  parse = function(text)
    local n = tonumber(text)
    if n and n >= 1 and n <= 5 then return math.floor(n) end
    return nil, "enter 1 to 5"
  end,
  format = function(value) return string.rep("*", value or 0) end,
})
local custom = form:section{ header = "Custom" }
custom:rating{ name = "stars", title = "Rating", value = 3 }
