-- a module the form of coverage_spec.lua requires
local money = {}
function money.format(text)
  return (text or "0") .. ".00"
end
return money
