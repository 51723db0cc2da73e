from watchlist import BASE_WATCHLIST, SECTOR_MAP, get_sector
"""
local_scanner.py — Open-source LLM stock scanner
Replaces the Claude scheduled task on Hostinger KVM2.
Uses Ollama (qwen2.5:7b) for AI scoring + DuckDuckGo for news.
Runs every 15 min during market hours, writes claude_picks.json.
"""

import json, os, time, re, requests
from datetime import datetime, date
from duckduckgo_search import DDGS
import pytz, schedule
# (eval stub: the rest of this file, 376 lines as of 4c05b9f, is left out; the session never showed or changed it)
