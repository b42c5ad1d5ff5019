-- Options with labels apart from their values (huh's NewOption(key, value),
-- dialog's tag/item, RE's options of objects): Tests/forms/huh_options_test.lua.
local s = form:section("Shipping")
s:radio{ name = "country", title = "Country",
  options = { { "United States", value = "US" }, "Canada", { label = "Mexico", value = "MX" } } }
s:segmented{ name = "speed", title = "Speed", options = { { "Standard", value = 1 }, { "Express", value = 2 } }, value = 1 }
s:multiple{ name = "langs", title = "Languages",
  options = { { "English", value = "en" }, { "French", value = "fr" }, "Other" } }
s:picker{ name = "box", title = "Box",
  options = { { { "Small", value = "s" }, { "Large", value = "l" } }, { "Paper", { "Plastic", value = "pl" } } } }
