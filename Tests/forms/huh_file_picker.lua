-- huh's FilePicker / dialog's --fselect: a path row (Tests/forms/huh_file_picker_test.lua).
local s = form:section("Files")
s:file{ name = "data", title = "Data", must_exist = true, extensions = { "csv" }, base = "Tests/forms/files" }
s:file{ name = "out", title = "Out folder", dirs_only = true, base = "Tests/forms/files" }
s:file{ name = "any", title = "Anything" }
