-- The same rows drawn with each border style; a section's style overrides
-- the form's. Colour is only ever an addition: everything reads the same
-- with NO_COLOR=1.
form.title = "Styles"
form.style = { border = "rounded", width = 60 }

local function rows(section)
  section:text{ title = "Name", value = "Ada Lovelace" }
  section:bool{ title = "Subscribed", value = true }
  section:item{ title = "Details", accessory = "disclosure" }
end

rows(form:section{ header = "Rounded (the form's style)" })
rows(form:section{ header = "Single", style = { border = "single" } })
rows(form:section{ header = "ASCII", style = { border = "ascii" } })
rows(form:section{ header = "None", footer = "No border, no colour here.",
                   style = { border = "none", color = "never" } })
local one = form:section{ header = "A single row", style = { border = "single" } }
one:add("Only me")
