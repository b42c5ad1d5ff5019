form.style = { border = "double" }
