#!/usr/bin/env bash
# Builds this case's repository: Ayushjhax/openclaw_agent at the end of the Codex Desktop session of
# 2026-04-22 11:15–11:17 UTC. `handoff eval` runs it with `bash repo.sh` in an empty temp dir. See SOURCE.
set -euo pipefail
commit() { # commit AUTHOR EMAIL ADATE COMMITTER CEMAIL CDATE MESSAGE
  git add -A
  GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$2" GIT_AUTHOR_DATE="$3" \
  GIT_COMMITTER_NAME="$4" GIT_COMMITTER_EMAIL="$5" GIT_COMMITTER_DATE="$6" \
    git commit -q --allow-empty -m "$7"
}
mtime() { # mtime TIME FILE...: the time the session last wrote these files
  local t="$1"; shift; touch -d "$t" "$@"
}
git init -q -b main
git remote add origin https://github.com/Ayushjhax/openclaw_agent.git
mkdir -p Elyra

cat > 'README.md' <<'EOF_FILE'
# AI Trading using Openclaw via Telegram 

A modular crypto and prediction-market trading system. Collects market data from Binance, Twitter Scrapper and Polymarket, runs technical and on-chain analysis, aggregates news sentiment, detects arbitrage opportunities, and generates research reports. Integrates with OpenClaw for Telegram and other agents.

---

## Table of Contents

- [Features](#features)
- [Screenshots](#screenshots)
- [Architecture](#architecture)
- [Requirements](#requirements)
- [Installation](#installation)
- [Configuration](#configuration)
- [Usage](#usage)
- [Pipeline Details](#pipeline-details)
- [Technical Reference](#technical-reference)
- [Project Structure](#project-structure)
- [API Integrations](#api-integrations)
- [OpenClaw Integration](#openclaw-integration)
- [Extensibility](#extensibility)
- [Troubleshooting](#troubleshooting)

---

## Features

- **Crypto Research Pipeline** – 6-step automated flow from market data to AI report
- **Polymarket Analysis** – Fetch markets from Gamma API, detect opportunities and arbitrage
- **Market Clustering** – Semantic similarity (sentence-transformers) or TF-IDF fallback for related markets
- **Opportunity Detection** – Mispricing, volume spikes, YES+NO anomalies
- **Arbitrage Detection** – Same-market (YES+NO>1), contradicting related markets
- **Technical Analysis** – RSI, EMA, MACD via `ta` library
- **On-Chain Whale Tracking** – Solana wallet transfers via Helius
- **News Sentiment** – Keyword-based classification (bullish/bearish/neutral)
- **OpenClaw Ready** – Polymarket subcommand for skill/Telegram integration

---

## Screenshots

<p align="center">
  <img src="assets/IMG_2508.PNG" width="400" alt="Screenshot 1">
  <img src="assets/IMG_2509.PNG" width="400" alt="Screenshot 2">
</p>
<p align="center">
  <img src="assets/IMG_2510.PNG" width="400" alt="Screenshot 3">
  <img src="assets/IMG_2511.PNG" width="400" alt="Screenshot 4">
</p>
<p align="center">
  <img src="assets/IMG_2512.PNG" width="400" alt="Screenshot 5">
  <img src="assets/IMG_2513.PNG" width="400" alt="Screenshot 6">
</p>
<p align="center">
  <img src="assets/IMG_2514.PNG" width="400" alt="Screenshot 7">
</p>

---

## Architecture

```text
┌─────────────────────────────────────────────────────────────────────────────┐
│                              main.py                                          │
│  python main.py        │  python main.py polymarket                          │
│  (6-step pipeline)     │  (Polymarket only)                                   │
└─────────────────────────────────────────────────────────────────────────────┘
           │                                            │
           ▼                                            ▼
┌──────────────────────┐                    ┌──────────────────────────────────┐
│ 1. Market Agent      │                    │  skills/trade_research/            │
│    (Binance: BTC,ETH,│                    │  polymarket_client ──► fetch      │
│     SOL prices)      │                    │  market_clusterer ──► cluster      │
├──────────────────────┤                    │  opportunity_detector             │
│ 2. Quant Agent      │                    │  arbitrage_detector               │
│    (RSI, EMA, trend) │                    │  market_analyzer ──► orchestrate   │
├──────────────────────┤                    │  trade_research ──► CLI + tables   │
│ 3. On-Chain Agent   │                    └──────────────────────────────────┘
│    (Helius whale)    │
├──────────────────────┤
│ 4. News Agent       │
│    (NewsData.io)    │
├──────────────────────┤
│ 5. Polymarket       │
│    (opportunities)  │
├──────────────────────┤
│ 6. Synthesizer      │
│    (Gemini report)  │
└──────────────────────┘
```

---

## Requirements

- Python 3.9+
- Network access for APIs (Binance, Helius, NewsData, Polymarket Gamma, HuggingFace)

### Optional (for full functionality)

| Component              | Required For               | Package                 |
|------------------------|----------------------------|-------------------------|
| GEMINI_API_KEY         | AI report synthesis        | google-genai            |
| HELIUS_API_KEY         | On-chain whale analysis    | requests                |
| NEWSDATA_API_KEY       | News sentiment             | requests                |
| sentence-transformers  | Semantic market clustering| sentence-transformers   |
| scikit-learn           | TF-IDF clustering fallback | scikit-learn            |

---

## Installation

```bash
# Clone or enter project
cd ai-trading-research

# Create virtual environment
python3 -m venv .venv
source .venv/bin/activate   # Windows: .venv\Scripts\activate

# Install dependencies
pip install -r requirements.txt
```

### Dependencies Overview

| Package              | Version   | Purpose                               |
|----------------------|----------|----------------------------------------|
| requests             | >=2.31.0 | HTTP (Binance, Helius, NewsData)       |
| python-dotenv        | >=1.0.0  | Load `.env` for API keys               |
| google-genai         | >=1.0.0  | Gemini for report synthesis            |
| pandas               | >=2.0.0  | OHLC data, indicators                  |
| numpy                | >=1.24.0 | Numerical operations                   |
| ta                   | >=0.11.0 | RSI, EMA, MACD                         |
| httpx                | >=0.27.0 | Async HTTP (Polymarket Gamma API)      |
| sentence-transformers | >=3.0.0  | Semantic embeddings (all-MiniLM-L6-v2) |
| scikit-learn         | >=1.3.0  | TF-IDF clustering fallback            |
| rich                 | >=13.0.0 | Formatted tables (Polymarket output)   |

---

## Configuration

Create a `.env` file in the project root (copy from `.env.example`):

```bash
cp .env.example .env
```

### Environment Variables

| Variable        | Required | Description                                  | Source                         |
|-----------------|----------|----------------------------------------------|--------------------------------|
| HELIUS_API_KEY  | No*      | Solana on-chain data                         | https://helius.dev             |
| NEWSDATA_API_KEY| No*      | Crypto news headlines                        | https://newsdata.io            |
| GEMINI_API_KEY  | No*      | AI report synthesis                          | https://aistudio.google.com/app/apikey |

\*Pipeline steps gracefully skip if keys are missing; reports still generate with fallback templates.

---

## Usage

### Full 6-Step Pipeline (Crypto + Polymarket + Report)

```bash
python main.py
# or
python3 main.py
```

Runs, in order:
1. Market prices (BTC, ETH, SOL) from Binance
2. Quant analysis (RSI, EMA, signals) for BTCUSDT
3. On-chain whale activity (Helius)
4. News sentiment (NewsData.io)
5. Polymarket opportunities and arbitrage
6. Gemini research report including Polymarket findings

### Polymarket Only (OpenClaw / Standalone)

```bash
python main.py polymarket
```

Output: Top 10 opportunities and arbitrage trades in formatted tables.

```bash
python main.py polymarket --json
```

Output: Raw JSON for programmatic use.

### Individual Agents (CLI)

```bash
# Market prices
python agents/market_agent.py

# Quant analysis (default BTCUSDT; pass symbol to override)
python agents/quant_agent.py
python agents/quant_agent.py ETHUSDT

# Whale activity (default wallet; pass address to override)
python agents/onchain_agent.py
python agents/onchain_agent.py <solana_wallet_address>

# News sentiment
python agents/news_agent.py
```

### Polymarket Trade Research (Direct Module)

```bash
python -m skills.trade_research.trade_research
python -m skills.trade_research.trade_research --max-markets 200 --top 5 --json
```

### Collectors and Analysis

```bash
python collectors/binance.py BTCUSDT   # Price + 24h stats + klines
python collectors/news.py 10           # 10 crypto headlines
python -m analysis.indicators         # RSI, EMA, MACD sample
```

---

## Pipeline Details

### Step 1: Market Agent

- **Source**: Binance Spot API (`https://api.binance.com/api/v3`)
- **Data**: Live prices for BTC, ETH, SOL (USDT pairs)
- **Collector**: `collectors/binance.py` → `get_price(symbol)`
- **Output**: `{"BTC": "67850", "ETH": "1978", "SOL": "83.70"}`

### Step 2: Quant Agent

- **Source**: Binance Klines (OHLCV)
- **Indicators**: RSI (14), EMA (20), trend (price vs EMA)
- **Logic**: `analysis/indicators.py` (RSIIndicator, EMAIndicator from `ta`)
- **Signals**: overbought (RSI≥70), oversold (RSI≤30), breakout, breakdown, uptrend, downtrend
- **Output**: `{"trend": "bullish", "rsi": 62, "signal": "possible breakout"}`

### Step 3: On-Chain Agent

- **Source**: Helius Wallet API (`https://api.helius.xyz/v1/wallet/{wallet}/transfers`)
- **Logic**: Whale = SOL≥100 or token≥1M; direction `in`/`out`
- **Output**: `whale_in`, `whale_out`, `count_in`, `count_out`, `total_whale_in`, `total_whale_out`
- **Default wallet**: `vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg` (configurable in main.py)

### Step 4: News Agent

- **Source**: NewsData.io (`https://newsdata.io/api/1/latest`)
- **Query**: `cryptocurrency`, limit 10
- **Sentiment**: Keyword-based (BULLISH_KEYWORDS vs BEARISH_KEYWORDS)
- **Output**: `{"sentiment": "bullish", "bullish_count": 7, "bearish_count": 1, "headlines": [...]}`

### Step 5: Polymarket Research

- **Source**: Polymarket Gamma API (`https://gamma-api.polymarket.com/markets`)
- **Flow**: Fetch → Cluster → Detect opportunities → Detect arbitrage → Rank
- **Scoring**: `score = liquidity_norm * mispricing * volume_norm` (log-scaled)
- **Output**: `top_opportunities`, `arbitrage`, `mispriced_markets`

### Step 6: Synthesizer

- **Source**: Google Gemini (gemini-2.5-flash, gemini-2.5-flash-lite, gemini-2.0-flash fallback)
- **Input**: All five prior steps’ outputs
- **Sections**: Market Overview, Technical Analysis, On-Chain Analysis, Sentiment Analysis, Polymarket Opportunities, Trade Thesis
- **Fallback**: Template report when GEMINI_API_KEY is missing or API fails

---

## Technical Reference

### Polymarket Trade Research (`skills/trade_research/`)

| Module                | Purpose |
|-----------------------|---------|
| `polymarket_client.py`| Async fetch from Gamma API; parse `outcomePrices`, `liquidity`, `volume`, `endDate` into `Polymarket` dataclass |
| `market_clusterer.py` | Semantic similarity (sentence-transformers/all-MiniLM-L6-v2) or TF-IDF; Union-Find clustering; threshold 0.75 |
| `opportunity_detector.py` | Mispricing vs cluster mean, low liquidity + volume spike, YES+NO≠1; percentile thresholds (p10 liq, p90 vol) |
| `arbitrage_detector.py` | Same-market (YES+NO≥1.01), contradicting related (cluster YES sum≥1.05) |
| `market_analyzer.py`  | Orchestration, ranking, fallback top-by-activity when clustering skipped |
| `trade_research.py`   | `run_research()`, `print_results()` (rich tables or plain text) |

**Polymarket API Fields**:
- `question`, `outcomePrices` (JSON `["0.60","0.40"]` → YES, NO), `liquidity`, `volume`, `endDate`, `closed`

**Opportunity Signals**:
1. `prob_diff_vs_cluster` – |YES − cluster_mean_YES| ≥ 0.15
2. `low_liq_volume_spike` – liquidity ≤ p10, volume ≥ p90
3. `yes_plus_no` – |YES+NO−1| > 0.02

**Arbitrage Types**:
1. `same_market` – YES+NO > 1.01
2. `contradicting_related` – sum(YES) in cluster > 1.05

### Analysis Indicators (`analysis/indicators.py`)

- **RSI**: `RSIIndicator(close, window=14)` from `ta.momentum`
- **EMA**: `EMAIndicator(close, window=20)` from `ta.trend`
- **MACD**: `MACD(close, window_slow=26, window_fast=12, window_sign=9)` from `ta.trend`

### Storage (`storage/`)

- `database.py`: SQLite for `market_data`, `news`, `reports`
- `repository.py`: `StorageRepository` – save/load reports, market data, on-chain cache
- Data dir: `data/` (reports, news, onchain JSON)

---

## Project Structure

```text
ai-trading-research/
├── main.py                 # Entry point: full pipeline + polymarket subcommand
├── run.py                  # Wrapper: import main; main.main()
├── requirements.txt
├── .env.example
├── .env                    # API keys (gitignored)
├── .gitignore
│
├── agents/                 # High-level analysis agents
│   ├── market_agent.py     # Binance prices (BTC, ETH, SOL)
│   ├── quant_agent.py      # RSI, EMA, signals
│   ├── onchain_agent.py    # Helius whale activity
│   ├── news_agent.py       # NewsData sentiment
│   └── research_agent.py
│
├── collectors/             # Raw API clients
│   ├── binance.py          # Price, 24h stats, klines
│   ├── helius.py           # Wallet transactions, token transfers
│   ├── news.py             # NewsData headlines
│   ├── market_data.py
│   └── on_chain.py
│
├── analysis/               # Technical analysis
│   ├── indicators.py       # RSI, EMA, MACD
│   └── technical.py
│
├── research/               # Report generation
│   ├── synthesizer.py      # Gemini report (6 inputs including Polymarket)
│   └── report_generator.py
│
├── storage/                # Persistence
│   ├── database.py         # SQLite schema
│   └── repository.py       # Save/load API
│
├── skills/                 # OpenClaw / extensible skills
│   └── trade_research/     # Polymarket pipeline
│       ├── polymarket_client.py
│       ├── market_clusterer.py
│       ├── opportunity_detector.py
│       ├── arbitrage_detector.py
│       ├── market_analyzer.py
│       └── trade_research.py
│
└── data/                   # Output (gitignored)
    ├── trading.db
    ├── reports/
    ├── news/
    └── onchain/
```

---

## API Integrations

| API          | Base URL                                  | Auth         | Rate Limits / Notes              |
|--------------|-------------------------------------------|--------------|----------------------------------|
| Binance      | https://api.binance.com/api/v3            | None (public)| Standard                          |
| Helius       | https://api.helius.xyz                    | api-key param| Per plan                          |
| NewsData.io  | https://newsdata.io/api/1/latest          | apikey param | Per plan                          |
| Polymarket   | https://gamma-api.polymarket.com          | None (public)| Paginated (limit, offset)         |
| Google Gemini| via google-genai                          | GEMINI_API_KEY | Free tier quotas                |
| HuggingFace  | Model download for sentence-transformers  | Optional     | Cached in `.cache/huggingface`    |

---

## OpenClaw Integration

The project is designed to work with OpenClaw skills and Telegram.

**Recommended OpenClaw command for trade_research skill**:

```bash
cd /path/to/ai-trading-research && python main.py polymarket
```

**For full report (crypto + Polymarket)**:

```bash
cd /path/to/ai-trading-research && python main.py
```

**Example Telegram prompt**:
> Run the AI trading research pipeline. I want the full crypto report (market, technical, on-chain, news) plus Polymarket top 10 opportunities and arbitrage. Run: python main.py

---

## Extensibility

- **Prediction models**: Add a `predict()` interface to `market_analyzer`; keep current logic as baseline.
- **Cross-exchange arbitrage**: Add `exchange_adapter` abstraction; Polymarket client implements it.
- **Historical analysis**: Implement `get_historical_prices()` in `polymarket_client` if API supports it; plug into opportunity detector for “sudden move” logic.
- **Alternative embeddings**: Swap `market_clusterer` to TF-IDF or other embeddings for low-resource environments.

---

## Troubleshooting

| Issue | Cause | Fix |
|-------|-------|-----|
| `No module named 'sentence_transformers'` | Optional deps not installed | `pip install sentence-transformers` |
| `sklearn not installed. Clustering skipped` | scikit-learn missing | `pip install scikit-learn` |
| Empty Polymarket tables | Clustering skipped (no sentence-transformers or sklearn) | Install deps; fallback shows top-by-activity |
| `Helius API key required` | HELIUS_API_KEY not set | Add to `.env` or skip on-chain step |
| `Gemini (gemini-2.5-flash) failed: 429` | Quota exceeded | Wait or use different Gemini plan |
| `PermissionError: .cache` | HuggingFace cache dir | Uses project `.cache/huggingface`; ensure writable |
EOF_FILE
cat > '.gitignore' <<'EOF_FILE'
# Virtual environment
.venv/
venv/
env/

# Python
__pycache__/
*.py[cod]
*.egg-info/
dist/
build/

# Environment and secrets
.env

# Project data
data/

# HuggingFace/sentence-transformers cache (skills/trade_research)
.cache/

# Environment and secrets
.env
EOF_FILE
cat > '.env.example' <<'EOF_FILE'
# Helius API (for Solana on-chain data)
# Get your key at https://helius.dev
HELIUS_API_KEY=your_api_key_here

# NewsData.io (for crypto news headlines)
# Get your key at https://newsdata.io
NEWSDATA_API_KEY=your_api_key_here

# Google Gemini (for research report synthesis)
# Get your key at https://aistudio.google.com/app/apikey
GEMINI_API_KEY=your_api_key_here
EOF_FILE
cat > 'requirements.txt' <<'EOF_FILE'
# AI Trading Research - Dependencies
# Core
requests>=2.31.0
python-dotenv>=1.0.0

# LLM (optional - for report generation)
openai>=1.0.0
google-genai>=1.0.0

# Data & analysis (optional - for advanced technical analysis)
pandas>=2.0.0
numpy>=1.24.0
ta>=0.11.0

# Polymarket trade research (skills/trade_research)
httpx>=0.27.0
sentence-transformers>=3.0.0
scikit-learn>=1.3.0
rich>=13.0.0
EOF_FILE
cat > 'main.py' <<'EOF_FILE'
import argparse
import asyncio
import json

from dotenv import load_dotenv

load_dotenv()

from agents.market_agent import analyze_market as get_market_prices
from agents.news_agent import get_news_sentiment
from agents.onchain_agent import get_whale_activity_summary
from agents.quant_agent import analyze_market as get_quant_signals
from research.synthesizer import synthesize_report

DEFAULT_ONCHAIN_WALLET = "vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg"

def main() -> None:
    print("Running AI Trading Research pipeline...\n")
    print("[1/6] Fetching market prices...")
    market_data = get_market_prices()
    print(f"      BTC: {market_data.get('BTC', 'N/A')} | ETH: {market_data.get('ETH', 'N/A')} | SOL: {market_data.get('SOL', 'N/A')}")
    print("[2/6] Running quant analysis (BTC)...")
    quant_signals = get_quant_signals(symbol="BTCUSDT")
    print(f"      Trend: {quant_signals.get('trend')} | RSI: {quant_signals.get('rsi')} | Signal: {quant_signals.get('signal')}")
    print("[3/6] Fetching on-chain whale activity...")
    try:
        on_chain_analysis = get_whale_activity_summary(DEFAULT_ONCHAIN_WALLET, limit=50)
        on_chain_analysis = {
            "wallet": on_chain_analysis.get("wallet", ""),
            "whale_in": on_chain_analysis.get("count_in", 0),
            "whale_out": on_chain_analysis.get("count_out", 0),
            "total_whale_in": on_chain_analysis.get("total_whale_in", 0),
            "total_whale_out": on_chain_analysis.get("total_whale_out", 0),
        }
        total_in = on_chain_analysis.get("total_whale_in", 0)
        print(f"      Whale in: {on_chain_analysis.get('whale_in', 0)} | Whale out: {on_chain_analysis.get('whale_out', 0)} | Total in: {total_in:,.0f}")
    except Exception as e:
        print(f"      (On-chain skipped: {e})")
        on_chain_analysis = {"whale_in": 0, "whale_out": 0, "note": "Helius API not configured"}
    print("[4/6] Fetching news sentiment...")
    try:
        news_sentiment = get_news_sentiment(limit=10)
        print(f"      Sentiment: {news_sentiment.get('sentiment')} | Bullish: {news_sentiment.get('bullish_count')} | Bearish: {news_sentiment.get('bearish_count')}")
    except Exception as e:
        print(f"      (News skipped: {e})")
        news_sentiment = {"sentiment": "neutral", "bullish_count": 0, "bearish_count": 0, "note": "NewsData API not configured"}
    print("[5/6] Running Polymarket research...")
    try:
        from skills.trade_research.trade_research import run_research

        polymarket_results = asyncio.run(run_research())
        print(
            f"      Opportunities: {len(polymarket_results.get('top_opportunities', []))} | "
            f"Arbitrage: {len(polymarket_results.get('arbitrage', []))}"
        )
    except Exception as e:
        print(f"      (Polymarket skipped: {e})")
        polymarket_results = {"top_opportunities": [], "arbitrage": [], "mispriced_markets": []}
    print("[6/6] Generating research report (Gemini)...\n")
    report = synthesize_report(
        market_data=market_data,
        quant_signals=quant_signals,
        on_chain_analysis=on_chain_analysis,
        news_sentiment=news_sentiment,
        polymarket_research=polymarket_results,
    )

    print("=" * 60)
    print("FINAL RESEARCH REPORT")
    print("=" * 60)
    print(report)


def run_polymarket(json_output: bool = False) -> None:
    from skills.trade_research.trade_research import run_research, print_results

    result = asyncio.run(run_research())
    if json_output:
        print(json.dumps(result, indent=2))
    else:
        print_results(result)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description="AI Trading Research",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""
Commands:
  crypto      Full crypto pipeline (default)
  polymarket  Polymarket opportunities & arbitrage
        """,
    )
    parser.add_argument(
        "command",
        nargs="?",
        default="crypto",
        choices=["crypto", "polymarket"],
        help="crypto: full pipeline | polymarket: Polymarket opportunities",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="JSON output (polymarket only)",
    )
    args = parser.parse_args()

    if args.command == "polymarket":
        run_polymarket(json_output=args.json)
    else:
        main()
EOF_FILE
cat > 'Elyra/README.md' <<'EOF_FILE'
This is a [Next.js](https://nextjs.org) project bootstrapped with [`create-next-app`](https://nextjs.org/docs/app/api-reference/cli/create-next-app).

## Getting Started

First, run the development server:

```bash
npm run dev
# or
yarn dev
# or
pnpm dev
# or
bun dev
```

Open [http://localhost:3000](http://localhost:3000) with your browser to see the result.

You can start editing the page by modifying `app/page.tsx`. The page auto-updates as you edit the file.

This project uses [`next/font`](https://nextjs.org/docs/app/building-your-application/optimizing/fonts) to automatically optimize and load [Geist](https://vercel.com/font), a new font family for Vercel.

## Learn More

To learn more about Next.js, take a look at the following resources:

- [Next.js Documentation](https://nextjs.org/docs) - learn about Next.js features and API.
- [Learn Next.js](https://nextjs.org/learn) - an interactive Next.js tutorial.

You can check out [the Next.js GitHub repository](https://github.com/vercel/next.js) - your feedback and contributions are welcome!

## Deploy on Vercel

The easiest way to deploy your Next.js app is to use the [Vercel Platform](https://vercel.com/new?utm_medium=default-template&filter=next.js&utm_source=create-next-app&utm_campaign=create-next-app-readme) from the creators of Next.js.

Check out our [Next.js deployment documentation](https://nextjs.org/docs/app/building-your-application/deploying) for more details.
EOF_FILE
cat > 'Elyra/package.json' <<'EOF_FILE'
{
  "name": "elyra",
  "version": "0.1.0",
  "private": true,
  "scripts": {
    "dev": "next dev",
    "build": "next build",
    "start": "next start",
    "lint": "eslint"
  },
  "dependencies": {
    "@solana/spl-token": "^0.4.14",
    "@solana/web3.js": "^1.98.4",
    "@turnkey/react-wallet-kit": "^1.11.1",
    "class-variance-authority": "^0.7.1",
    "clsx": "^2.1.1",
    "framer-motion": "^12.38.0",
    "lightweight-charts": "^5.1.0",
    "lucide-react": "^1.8.0",
    "next": "16.2.4",
    "radix-ui": "^1.4.3",
    "react": "19.2.4",
    "react-dom": "19.2.4",
    "shadcn": "^4.3.1",
    "tailwind-merge": "^3.5.0",
    "tw-animate-css": "^1.4.0"
  },
  "devDependencies": {
    "@tailwindcss/postcss": "^4",
    "@types/node": "^20",
    "@types/react": "^19",
    "@types/react-dom": "^19",
    "eslint": "^9",
    "eslint-config-next": "16.2.4",
    "tailwindcss": "^4",
    "typescript": "^5"
  }
}
EOF_FILE
cat > 'Elyra/.gitignore' <<'EOF_FILE'
# See https://help.github.com/articles/ignoring-files/ for more about ignoring files.

# dependencies
/node_modules
/package-lock.json
/.pnp
.pnp.*
.yarn/*
!.yarn/patches
!.yarn/plugins
!.yarn/releases
!.yarn/versions

# testing
/coverage

# next.js
/.next/
/out/

# production
/build

# misc
.DS_Store
*.pem

# debug
npm-debug.log*
yarn-debug.log*
yarn-error.log*
.pnpm-debug.log*

# env files (can opt-in for committing if needed)
.env*

# vercel
.vercel

# typescript
*.tsbuildinfo
next-env.d.ts
EOF_FILE

# The 20 commits `git log --oneline -20` printed (oldest first); files as of the last one, merges flattened.
commit "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T15:38:12+05:30" "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T15:38:12+05:30" "Update .DS_Store file"
commit "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T15:51:05+05:30" "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T15:51:05+05:30" "Add assets and update README"
commit "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T15:53:25+05:30" "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T15:53:25+05:30" "Update README to include a new Screenshots section with project images"
commit "Ayush kumar jha" "ayushkmrjha@yahoo.com" "2026-03-08T15:59:54+05:30" "GitHub" "noreply@github.com" "2026-03-08T15:59:54+05:30" "Update README.md"
commit "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T16:17:18+05:30" "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-03-08T16:17:18+05:30" "Refactor and clean up codebase"
commit "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-04-20T02:44:45+05:30" "Ayushjhax" "Ayushjhax@users.noreply.github.com" "2026-04-20T02:44:45+05:30" "Update .DS_Store file to reflect recent changes"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-21T12:49:40+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-21T12:49:40+05:30" "Update"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-21T15:13:32+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-21T15:13:32+05:30" "Add Solana wallet integration and update dependencies"
commit "kunalcode12" "kunal818196@gmail.com" "2026-04-21T15:36:03+05:30" "kunalcode12" "kunal818196@gmail.com" "2026-04-21T15:36:03+05:30" "Update dependencies and enhance styling"
commit "Kunal Sharma" "166979739+kunalcode12@users.noreply.github.com" "2026-04-21T15:44:54+05:30" "GitHub" "noreply@github.com" "2026-04-21T15:44:54+05:30" "Merge branch 'main' into main"
commit "Ayush kumar jha" "ayushkmrjha@yahoo.com" "2026-04-21T15:45:10+05:30" "GitHub" "noreply@github.com" "2026-04-21T15:45:10+05:30" "Merge pull request #1 from kunalcode12/main"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-21T21:26:49+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-21T21:26:49+05:30" "Update package-lock.json and refactor Trading components"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T00:52:56+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T00:52:56+05:30" "Enhance trading assistant functionality and improve RPC handling"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T02:16:42+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T02:16:42+05:30" "Implement Solana send feature toggle and enhance error handling"
commit "kunalcode12" "kunal818196@gmail.com" "2026-04-22T02:41:05+05:30" "kunalcode12" "kunal818196@gmail.com" "2026-04-22T02:41:05+05:30" "Enhance trading components and update dependencies"
commit "Kunal Sharma" "166979739+kunalcode12@users.noreply.github.com" "2026-04-22T02:47:26+05:30" "GitHub" "noreply@github.com" "2026-04-22T02:47:26+05:30" "Merge branch 'main' into main"
commit "kunalcode12" "kunal818196@gmail.com" "2026-04-22T03:03:44+05:30" "kunalcode12" "kunal818196@gmail.com" "2026-04-22T03:03:44+05:30" "Refactor UI components and improve styling consistency"
commit "Ayush kumar jha" "ayushkmrjha@yahoo.com" "2026-04-22T03:05:48+05:30" "GitHub" "noreply@github.com" "2026-04-22T03:05:48+05:30" "Merge pull request #2 from kunalcode12/main"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T05:25:01+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T05:25:01+05:30" "Refactor layout and enhance user feedback in trading components"
commit "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T05:28:18+05:30" "Ayush Kumar Jha" "ayushkmrjha@yahoo.com" "2026-04-22T05:28:18+05:30" "Improve SOL price fetching and error handling in Home component"

# The session's end state: two untracked proof files in the project root (stubs, see SOURCE).
cat > claude-session.jsonl <<'EOF_FILE'
{"type":"summary","summary":"Stub of the Claude Code session exported by ~/.claude/skills/apply-grant/export-session.sh from /Users/ayush/.claude/projects/-Users-ayush-Desktop/63e8a331-b8c8-428e-8a1e-610d90b7bc23.jsonl"}
EOF_FILE
cat > codex-session.jsonl <<'EOF_FILE'
{"timestamp":"2026-04-22T11:15:14.000Z","type":"session_meta","payload":{"id":"019db4e6-9c6c-7513-946f-8ede169b5443","cwd":"/Users/ayush/Desktop/openclaw_agent","originator":"Codex Desktop","cli_version":"0.118.0-alpha.2","note":"stub: this file is the copy of the session's own rollout, see SOURCE"}}
EOF_FILE
# Tracked files as of HEAD (2026-04-21 23:58 UTC); then the two files the session wrote.
find . -path ./.git -prune -o -print0 | xargs -0 touch -h -d 2026-04-21T23:58:18Z
mtime 2026-04-22T11:15:34Z claude-session.jsonl
mtime 2026-04-22T11:17:27Z codex-session.jsonl
