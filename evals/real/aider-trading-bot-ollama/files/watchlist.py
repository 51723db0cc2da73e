# (eval stub: watchlist.py, 71 lines as of 4c05b9f (SECTOR_MAP, BASE_WATCHLIST, get_sector), is left out; the session never showed or changed it)
