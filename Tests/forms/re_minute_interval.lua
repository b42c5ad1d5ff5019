-- RETableViewManager's REDateTimeItem minuteInterval (Tests/forms/re_minute_interval_test.lua).
local s = form:section("When")
s:date{ name = "t", title = "Start", mode = "time", minute_step = 15 }
s:date{ name = "dt", title = "Meeting", mode = "datetime", minute_step = 30, format = "yyyy-MM-dd HH:mm" }
s:date{ name = "d", title = "Day", minute_step = 5 }
