"""
Telegram Trade Alert Module
Setup: message @BotFather on Telegram → /newbot → copy token
       then message @userinfobot to get your chat_id
       update alpaca_config.json with both values and set enabled: true
"""

import requests
import json
import os

# (eval stub: the rest of this file, 99 lines as of 4c05b9f, is left out; the session never showed or changed it)
