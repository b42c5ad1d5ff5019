-- A form for seed_options_test.lua: RETableViewOptionsController's long list
-- (39 options) as a radio row and a multiple row.
local countries = {
  "Afghanistan", "Albania", "Algeria", "Andorra", "Angola", "Argentina", "Armenia", "Australia", "Austria",
  "Azerbaijan", "Bahamas", "Bahrain", "Bangladesh", "Barbados", "Belarus", "Belgium", "Belize", "Benin",
  "Bhutan", "Bolivia", "Botswana", "Brazil", "Brunei", "Bulgaria", "Burundi", "Cambodia", "Cameroon",
  "Canada", "Chad", "Chile", "China", "Colombia", "Comoros", "Croatia", "Cuba", "Cyprus", "Denmark",
  "Djibouti", "Dominica",
}
local s = form:section{ header = "Travel" }
s:radio{ name = "country", title = "Country", options = countries }
s:multiple{ name = "visited", title = "Visited", options = countries }
s:radio{ name = "size", title = "Size", options = { "Small", "Medium", "Large" } }
