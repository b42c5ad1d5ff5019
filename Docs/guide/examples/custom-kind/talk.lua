-- talk.lua: a custom kind, "duration": typed as 90, 90m, 1h30 or 2h, held as minutes.
form:kind("duration", {
  options = { max = "integer" }, -- so that section:duration{ max = 240 } is checked
  hint = "minutes, like 90, or hours and minutes, like 1h30",
  parse = function(text, item)
    local minutes
    local h, m = text:match("^(%d+)h(%d*)$")
    if h then
      minutes = tonumber(h) * 60 + (tonumber(m) or 0)
    else
      minutes = tonumber(text:match("^(%d+)m?$"))
    end
    if not minutes then return nil, "type minutes (90) or hours and minutes (1h30)" end
    if item.max and minutes > item.max then return nil, "at most " .. item.max .. " minutes" end
    return minutes
  end,
  format = function(minutes)
    if minutes == nil then return "" end
    if minutes < 60 then return minutes .. " min" end
    return string.format("%d h %02d", minutes // 60, minutes % 60)
  end,
  speak = function(minutes) return minutes and minutes .. " minutes" or "empty" end,
})

form.title = "Submit a talk"
local talk = form:section{ header = "Talk" }
talk:text{ name = "title", title = "Title", validators = { "presence" } }
talk:duration{ name = "length", title = "Length", max = 240, value = 45 }
