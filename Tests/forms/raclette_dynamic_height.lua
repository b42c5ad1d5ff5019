-- Raclette's and AMB's dynamic-height cells (Tests/forms/raclette_dynamic_height_test.lua):
-- a title, detail or value longer than its column wraps onto more lines.
form.style = { width = 56 }
local s = form:section{ tag = "long", header = "A section header long enough that it has to wrap onto a second line" }
s:text{ name = "note", title = "A title longer than its column", value = "a value that is much longer than the room its column has on one line" }
s:item{ name = "more", title = "Details", detail = "and a detail that also goes on past the end of the row by far" }
s:text{ name = "wide", title = "名前", value = "日本語のとても長い名前がここに入ります、さらに続きます" }
s:text{ name = "word", title = "Token", value = string.rep("abcdefghij", 5) }
s:text{ name = "short", title = "Short", value = "fits" }
local cut = form:section{ header = "A section header long enough that it has to be cut when asked", style = { wrap = false } }
cut:text{ name = "cut", title = "A title longer than its column", value = "a value that is much longer than the room its column has on one line" }
