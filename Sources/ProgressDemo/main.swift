print("ProgressDemo")
