-- A paged order (huh's groups): three pages shown, a hidden section passed over.
form.title = "Order"
form.pages = true
local a = form:section("Account")
a:text{ name = "email", title = "Email", required = true }
a:text{ name = "name", title = "Name" }
local p = form:section("Payment")
p:radio{ name = "plan", title = "Plan", options = { "Free", "Pro" }, required = true }
local x = form:section{ header = "Extras", hidden = true }
x:bool{ name = "gift", title = "Gift" }
local n = form:section("Notes")
n:text{ name = "note", title = "Note" }
