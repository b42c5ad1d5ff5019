-- AMBTableViewController's `sections = @[…]` (Tests/forms/amb_sections_test.lua).
form:section{ header = "A", tag = "a" }:text{ name = "x", title = "X" }
form:section{ header = "B", tag = "b" }:text{ name = "y", title = "Y" }
form:section{ header = "C", tag = "c" }:text{ name = "z", title = "Z" }
