print("TrellisBenchmarks is not built yet.")
