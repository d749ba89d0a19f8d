import TrellisTerminal
print("probe")
