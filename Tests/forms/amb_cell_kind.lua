-- AMBTableViewController's cellIdentifierBlock: the kind of a row chosen per
-- object, changed in place by item:remake{ kind = … }
-- (Tests/forms/amb_cell_kind_test.lua).
local s = form:section{ header = "Answer", tag = "answer" }
s:text{ name = "answer", title = "Answer" }
s:text{ name = "when", title = "When" }
s:text{ name = "pw", title = "PW", secure = true }
s:creditcard{ name = "card", title = "Card" }
form:kind("shown", { parse = function(text) return text end, format = function(v) return "shown:" .. tostring(v) end })
