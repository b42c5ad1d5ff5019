-- Three sections for Tests/forms/re_section_operations_test.lua.
form:section{ header = "Alpha", tag = "alpha" }:text{ name = "a1", title = "A" }
local beta = form:section{ header = "Beta", tag = "beta" }
beta:text{ name = "b1", title = "B1" }
beta:text{ name = "b2", title = "B2" }
local gamma = form:section{ header = "Gamma", tag = "gamma" }
gamma:text{ name = "g", title = "G" }
