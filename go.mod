module spicebot

go 1.26.8
