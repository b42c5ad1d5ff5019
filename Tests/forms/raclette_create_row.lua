-- Raclette's createRow and HoloTableView's makeRows: form:KIND{} with no
-- section makes a default one; once sections exist the row goes to the
-- last one (Tests/forms/raclette_create_row_test.lua).
form:text{ name = "first", title = "First" }
form:section{ header = "Last", tag = "last" }
form:text{ name = "second", title = "Second" }
