-- The same rows drawn with each border style; a section's style overrides
-- the form's. Colour is only ever an addition: everything reads the same
-- with NO_COLOR=1.
form.title = "Styles"
form.style = { border = "rounded", width = 60 }

-- each section's rows have titles of their own, so any row can be named by its title
local function rows(section, style)
  section:text{ name = style .. "_name", title = "Name (" .. style .. ")", value = "Ada Lovelace" }
  section:bool{ name = style .. "_subscribed", title = "Subscribed (" .. style .. ")", value = true }
  section:item{ title = "Details (" .. style .. ")", accessory = "disclosure" }
end

rows(form:section{ header = "Rounded (the form's style)" }, "rounded")
rows(form:section{ header = "Single", style = { border = "single" } }, "single")
rows(form:section{ header = "ASCII", style = { border = "ascii" } }, "ascii")
rows(form:section{ header = "None", footer = "No border, no colour here.",
                   style = { border = "none", color = "never" } }, "none")
local one = form:section{ header = "A single row", style = { border = "single" } }
one:add("Only me")
