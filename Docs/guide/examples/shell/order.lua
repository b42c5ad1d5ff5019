-- order.lua: a pizza order, for a shell script to read.
form.title = "Order"
local s = form:section{ header = "Pizza" }
s:text{ name = "name", title = "Name", validators = { "presence" } }
s:radio{ name = "size", title = "Size", options = { "Small", "Medium", "Large" }, value = "Medium" }
s:multiple{ name = "toppings", title = "Toppings", options = { "Cheese", "Olives", "Basil" } }
s:bool{ name = "delivery", title = "Delivery" }
