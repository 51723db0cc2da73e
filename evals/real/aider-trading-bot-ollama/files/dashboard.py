from flask import Flask,render_template_string,redirect
import json,os,subprocess
from datetime import datetime
import pytz

app=Flask(__name__)
BASE_DIR=os.path.dirname(os.path.abspath(__file__))
ET=pytz.timezone("America/New_York")
# (eval stub: the rest of this file, 269 lines as of 4c05b9f, is left out; the session never showed or changed it)
