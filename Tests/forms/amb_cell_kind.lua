-- AMBTableViewController's cellIdentifierBlock: the kind of a row chosen per
-- object, changed in place by item:remake{ kind = … }
-- (Tests/forms/amb_cell_kind_test.lua).
local s = form:section{ header = "Answer", tag = "answer" }
s:text{ name = "answer", title = "Answer" }
s:text{ name = "when", title = "When" }
