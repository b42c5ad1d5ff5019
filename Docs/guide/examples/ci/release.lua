-- release.lua: what a release needs; a person fills it, or a CI job from a file.
form.title = "Release"
local r = form:section{ header = "Release" }
r:text{ name = "version", title = "Version", placeholder = "1.2.3",
        validators = { "presence", "pattern(^%d+%.%d+%.%d+$)" } }
r:radio{ name = "channel", title = "Channel", options = { "stable", "beta" }, value = "beta" }
r:bool{ name = "announce", title = "Announce" }

form:on_submit(function(values)
  if values.announce and values.channel ~= "stable" then
    return "only a stable release is announced"
  end
end)
