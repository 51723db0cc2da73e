#!/usr/bin/env bash
# Builds this case's repository: metaphi-agent/figma-eval-d00f7a9b-…-gemini_cli as the Gemini CLI
# figma-to-code run of 2026-01-30 06:10–06:16 UTC left it. Its last command (git init … git commit … git
# push -u origin main -f) has no result in the stream capture; the real repository holds that commit.
# `handoff eval` runs it with `bash repo.sh` in an empty temp dir. See SOURCE for what is stubbed.
set -euo pipefail
mtime() { # mtime TIME FILE...: the time the session last wrote these files
  local t="$1"; shift; touch -d "$t" "$@"
}
png() { # png FILE: a 1x1 stand-in for an exported PNG (the real ones are 28–89 KB)
  printf '%s' 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' | base64 -d > "$1"
}
git init -q -b main
mkdir -p .gemini/skills/figma-to-code/scripts figma-export/FRAME figma-export/assets/icons figma-export/assets/images \
  figma-to-code ground_truth public/assets/icons public/assets/images src/components/ui src/pages node_modules/vite

# Harness files the run found in the project root (.gemini/: the skill as committed; the rest stubbed).
cat > '.gemini/skills/figma-to-code/SKILL.md' <<'EOF_FILE'
---
name: figma-to-code
description: Convert Figma designs to production-ready frontend code.
---

# Figma to Code

Convert Figma designs to production React code with Tailwind v4.

## Step 0: Check Manifest

```bash
python {skill_dir}/scripts/check_manifest.py {project_root}/figma-to-code/manifest.json
```

| Output | Action |
|--------|--------|
| `COMPLETE:<path>` | Done, return result |
| `RESUME:building` | Skip to Step 6 |
| `RESUME:extracted` | Skip to Step 3 |
| `FRESH:*` | Start from Step 1 |

## Step 1: Extract from Figma

file_key is from URL: `figma.com/file/<FILE_KEY>/...`

```python
# 1. Get file structure, auto-select the primary design page
# - Skip intro/readme pages (e.g., "Hello", "Welcome", "Cover", "README")
# - Pick pages named "Design", "Screens", "Main", "App", or similar
# - If only one substantive page exists, use it
# - If genuinely ambiguous, pick the first non-intro page
mcp__figma__get_figma_file(file_key)

# 2. Get page node ID
mcp__figma__get_page_node_id(file_key, page_name)

# 3. Export visual overview
mcp__figma__get_page_visual_overview(file_key, page_node_id, output_dir, format="png", scale=1)

# 4. Get node hierarchy (use depth=1 to avoid timeouts)
mcp__figma__get_node_tree(file_key, node_id, depth=1)

# 5. Extract components and styles
mcp__figma__get_node_components(file_key, node_id)
mcp__figma__get_node_styles(file_key, node_id)

# 6. Export assets (SVG for icons, PNG for photos)
mcp__figma__export_node_images(file_key, node_ids, output_dir, format="svg", scale=2.0)
```

### Asset Handling

**Export by type:**
| Asset Type | Format | Scale | Output Dir |
|------------|--------|-------|------------|
| Icons | SVG | 1x | `public/assets/icons/` |
| Logos | SVG | 1x | `public/assets/` |
| Photos/Products | PNG | 2x | `public/assets/images/` |
| Illustrations | SVG or PNG | 2x | `public/assets/` |

**In code:**
```tsx
// Icons - use relative paths (required for Modal/GCS subdirectory deployment)
<img src="./assets/icons/cart.svg" alt="" className="w-6 h-6" />

// Photos - always lazy load, always add alt
<img
  src="./assets/images/product-1.png"
  alt="Product name"
  loading="lazy"
  className="w-full h-auto"
/>
```

**Rules:**
- **Use relative paths (`./assets/...`) not absolute (`/assets/...`)** - required for `base: './'`
- Export at 2x scale for retina displays
- Use descriptive filenames (`hero-banner.png` not `Frame-123.png`)
- All `<img>` tags need `alt` attributes
- Photos below the fold get `loading="lazy"`

Save tokens to `{project_root}/figma-to-code/design_tokens.json`

## Step 2: Export Ground Truth

Export every frame at scale=2 to `{project_root}/ground_truth/`

Write `ground_truth/manifest.json`:
```json
{
    "figma_file_key": "abc123",
    "total_frames": 12,
    "frames": [
        {"name": "Login", "node_id": "123:456", "gt_image": "Login.png", "target_route": "/login"},
        {"name": "Dashboard", "node_id": "123:789", "gt_image": "Dashboard.png", "target_route": "/"}
    ]
}
```

Update manifest: `python {skill_dir}/scripts/write_manifest.py {project_root}/figma-to-code/manifest.json extracted {figma_file_key}`

## Step 3: Visual Analysis

READ the exported PNGs before coding. Document:
- Layout structure and visual hierarchy
- Spacing patterns and color usage
- All interactive elements and their states

## Step 4: Component & Interaction Audit

### 4a: Component Inventory

Map Figma components to React:
| Figma | React | Props |
|-------|-------|-------|
| Button/Primary/Large | `<Button>` | `variant="primary" size="lg"` |
| Input/Error | `<Input>` | `error={true}` |

### 4b: Auto-Layout → CSS Mapping

Translate Figma auto-layout directly:

| Figma Auto-Layout | CSS |
|-------------------|-----|
| Horizontal, gap: 16 | `flex flex-row gap-4` |
| Vertical, gap: 8 | `flex flex-col gap-2` |
| Space between | `justify-between` |
| Padding: 16,24 | `px-6 py-4` |
| Hug contents | `w-fit` |
| Fill container | `flex-1` or `w-full` |

### 4c: Interaction States

For each interactive component, implement ALL states from Figma:

**Buttons/Links:**
- Default, Hover, Active/Pressed, Disabled, Loading

**Form Inputs:**
- Empty, Filled, Focused, Error, Disabled
- Validation messages (inline errors, success indicators)

**Transitions:** Use `transition-colors duration-150` for color changes, `transition-transform` for movement.

### 4d: Form Handling

For any form in the design:
- Controlled inputs with React state
- Validation on blur and submit
- Error states matching Figma error variants
- Loading state on submit button
- Success/error feedback after submission

```tsx
// Standard form pattern
const [errors, setErrors] = useState<Record<string, string>>({});
const [isSubmitting, setIsSubmitting] = useState(false);

const validate = (field: string, value: string) => {
  // Return error message or empty string
};
```

### 4e: Edge States

Implement these if they appear in Figma (or add sensible defaults):
- Empty states (no data)
- Loading skeletons
- Error states
- Text overflow (`truncate` or `line-clamp-2`)

## Step 5: Scaffold Project

**⚠️ NEVER use interactive CLI tools** (`npm create`, `npm init`, `npx create-*`).

```bash
python {skill_dir}/scripts/scaffold.py {project_root} react "<App Title>"
```

Creates project with correct Vite config (`base: './'` for GCS, `allowedHosts: true` for Modal).

## Step 6: Generate Components

Update manifest: `python {skill_dir}/scripts/write_manifest.py {project_root}/figma-to-code/manifest.json building`

### Performance Requirements

**Images:**
- Use `loading="lazy"` on below-fold images
- Optimize SVGs (remove unnecessary attributes)
- Use appropriate formats: SVG for icons, WebP/PNG for photos

**Code:**
- Lazy load routes: `React.lazy(() => import('./pages/Dashboard'))`
- Avoid inline styles; use Tailwind classes
- Extract repeated patterns into components

### Component Structure
```
src/
├── components/
│   ├── ui/          # Atoms: Button, Input, Icon
│   └── blocks/      # Organisms: Header, Card, Modal
├── pages/           # Route components
└── App.tsx
```

## Step 7: Deploy & Push

### 7a: Create Preview

```bash
cd {project_root} && npm install
```

```python
mcp__app_preview__create_app_preview(
    task_id=<task_id>,
    project_root="{project_root}"
)
```

Creates a Modal sandbox running `npm run dev`. The preview URL is used by the verifier to take screenshots.

Save the preview URL to manifest:
```bash
python {skill_dir}/scripts/write_manifest.py {project_root}/figma-to-code/manifest.json preview <preview_url>
```

### 7b: Push to GitHub

```python
mcp__github__create_repository(name=<repo_name>, org="metaphi-agent")
mcp__github__push_files(...)  # All generated files
```

### 7c: Build for GCS Archive

```bash
cd {project_root} && npm run build
```

Creates `dist/` folder for permanent GCS static archive.

Update manifest: `python {skill_dir}/scripts/write_manifest.py {project_root}/figma-to-code/manifest.json complete {project_root}/dist`

## Multi-Turn Iteration

The GitHub repo is the SINGLE SOURCE OF TRUTH.
- On EVERY iteration, push changes to the repo BEFORE responding
- NEVER show code changes without pushing them first
- Re-deploy after each iteration so preview stays current

## Rules

- Check manifest first (Step 0) for session recovery
- Build ALL frames - no cherry-picking
- Extract from Figma first - never guess colors/fonts
- Implement ALL interaction states from Figma
- Use the extracted icons and assets as per the design. do not substitute with general library based imports if corresponding assets exist in figma file. 
- Map auto-layout to flexbox/grid directly
- No `tailwind.config.js` - use CSS `@theme` only
- Export real assets - no placeholder URLs
- Lazy load images and routes
- Push to GitHub repo (required)
EOF_FILE
cat > '.gemini/skills/figma-to-code/scripts/check_manifest.py' <<'EOF_FILE'
#!/usr/bin/env python3
"""
Check figma-to-code session state for resume capability.

Usage:
    python check_manifest.py <manifest_path>

Output:
    FRESH:no_manifest           - No existing session
    RESUME:extracted            - Figma extracted, can start coding
    RESUME:building             - In development, can resume
    COMPLETE:<dist_path>        - Build complete

Example:
    $ python check_manifest.py /work/123/figma-to-code/manifest.json
    RESUME:building
"""
import json
import sys


def main():
    if len(sys.argv) != 2:
        print("Usage: python check_manifest.py <manifest_path>", file=sys.stderr)
        sys.exit(1)

    manifest_path = sys.argv[1]

    try:
        with open(manifest_path) as f:
            manifest = json.load(f)

        phase = manifest.get("phase", "")

        if phase == "complete":
            dist_path = manifest.get("dist_path", "")
            if dist_path:
                print(f"COMPLETE:{dist_path}")
            else:
                print("RESUME:building")
        elif phase == "building":
            print("RESUME:building")
        elif phase == "extracted":
            print("RESUME:extracted")
        elif phase == "init":
            print("FRESH:init_only")
        else:
            print("FRESH:unknown_phase")

    except FileNotFoundError:
        print("FRESH:no_manifest")
    except json.JSONDecodeError:
        print("FRESH:invalid_manifest")
    except Exception as e:
        print(f"FRESH:error:{str(e)}", file=sys.stderr)
        print("FRESH:error")


if __name__ == "__main__":
    main()
EOF_FILE
cat > '.gemini/skills/figma-to-code/scripts/scaffold.py' <<'EOF_FILE'
#!/usr/bin/env python3
"""
Scaffold a project for Figma-to-code evaluation.

Supports multiple target frameworks:
- react: React + Vite + Tailwind v4
- html: Plain HTML + Tailwind CDN
- (future: react-native, webflow, etc.)

Usage:
    python scaffold.py <project_root> <target_framework> [app_title]

Args:
    project_root: Directory to create project in
    target_framework: "react" or "html"
    app_title: Optional app title (default: "Figma Design")

Output:
    SUCCESS:<project_root>
    ERROR:<message>

Example:
    $ python scaffold.py /work/123 react "Dashboard"
    SUCCESS:/work/123
"""
import json
import os
import sys
from pathlib import Path


# =============================================================================
# React + Vite + Tailwind v4
# =============================================================================

REACT_PACKAGE_JSON = {
    "name": "figma-design",
    "type": "module",
    "scripts": {
        "dev": "vite",
        "build": "vite build"
    },
    "dependencies": {
        "react": "^19.0.0",
        "react-dom": "^19.0.0",
        "react-router-dom": "^7.0.0",
        "framer-motion": "^11.0.0",
        "lucide-react": "^0.460.0",
        "clsx": "^2.1.0"
    },
    "devDependencies": {
        "@vitejs/plugin-react": "^4.3.0",
        "vite": "^6.0.0",
        "tailwindcss": "^4.0.0",
        "@tailwindcss/vite": "^4.0.0"
    }
}

REACT_VITE_CONFIG = '''import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  base: './',
  server: {
    host: true,
    allowedHosts: true
  }
})
'''

REACT_INDEX_HTML = '''<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>{title}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
'''

REACT_MAIN_TSX = '''import React from 'react'
import ReactDOM from 'react-dom/client'
import { HashRouter } from 'react-router-dom'
import App from './App'
import './index.css'

ReactDOM.createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <HashRouter>
      <App />
    </HashRouter>
  </React.StrictMode>
)
'''

REACT_APP_TSX = '''export default function App() {
  return (
    <div className="min-h-screen bg-white">
      <div className="flex items-center justify-center h-screen">
        <div className="text-center">
          <h1 className="text-4xl font-semibold text-gray-900 tracking-tight">
            Building from Figma...
          </h1>
          <p className="mt-2 text-gray-500">
            Converting design to code
          </p>
        </div>
      </div>
    </div>
  )
}
'''

REACT_INDEX_CSS = '''@import "tailwindcss";

/* Design tokens will be extracted from Figma */
@theme {
  --font-sans: 'Inter', -apple-system, BlinkMacSystemFont, sans-serif;
}

body {
  font-family: var(--font-sans);
  -webkit-font-smoothing: antialiased;
}
'''


# =============================================================================
# Plain HTML + Tailwind CDN
# =============================================================================

HTML_INDEX = '''<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>{title}</title>
  <script src="https://cdn.tailwindcss.com"></script>
  <style>
    /* Design tokens will be extracted from Figma */
    body {{
      font-family: 'Inter', -apple-system, BlinkMacSystemFont, sans-serif;
      -webkit-font-smoothing: antialiased;
    }}
  </style>
</head>
<body class="min-h-screen bg-white">
  <div class="flex items-center justify-center h-screen">
    <div class="text-center">
      <h1 class="text-4xl font-semibold text-gray-900 tracking-tight">
        Building from Figma...
      </h1>
      <p class="mt-2 text-gray-500">
        Converting design to code
      </p>
    </div>
  </div>
</body>
</html>
'''


# =============================================================================
# Scaffold Functions
# =============================================================================

def scaffold_react(project_root: str, title: str) -> None:
    """Create React + Vite + Tailwind v4 project."""
    root = Path(project_root)
    src = root / "src"

    # Create directories
    src.mkdir(parents=True, exist_ok=True)
    (src / "components").mkdir(exist_ok=True)
    (root / "public" / "assets").mkdir(parents=True, exist_ok=True)

    # Write files
    (root / "package.json").write_text(json.dumps(REACT_PACKAGE_JSON, indent=2))
    (root / "vite.config.ts").write_text(REACT_VITE_CONFIG)
    (root / "index.html").write_text(REACT_INDEX_HTML.format(title=title))
    (src / "main.tsx").write_text(REACT_MAIN_TSX)
    (src / "App.tsx").write_text(REACT_APP_TSX)
    (src / "index.css").write_text(REACT_INDEX_CSS)


def scaffold_html(project_root: str, title: str) -> None:
    """Create plain HTML + Tailwind CDN project."""
    root = Path(project_root)

    # Create directories
    root.mkdir(parents=True, exist_ok=True)
    (root / "assets").mkdir(exist_ok=True)

    # Write files
    (root / "index.html").write_text(HTML_INDEX.format(title=title))


def scaffold(project_root: str, target_framework: str, title: str = "Figma Design") -> None:
    """Create project structure based on target framework."""
    framework = target_framework.lower()

    if framework in ("react", "react-vite", "vite"):
        scaffold_react(project_root, title)
    elif framework in ("html", "static", "tailwind"):
        scaffold_html(project_root, title)
    else:
        # Default to React for unknown frameworks
        # Agent can adapt as needed
        scaffold_react(project_root, title)


def main():
    if len(sys.argv) < 3:
        print("Usage: python scaffold.py <project_root> <target_framework> [app_title]", file=sys.stderr)
        sys.exit(1)

    project_root = sys.argv[1]
    target_framework = sys.argv[2].lower()
    title = sys.argv[3] if len(sys.argv) > 3 else "Figma Design"

    try:
        scaffold(project_root, target_framework, title)
        print(f"SUCCESS:{project_root}")
    except Exception as e:
        print(f"ERROR:{str(e)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
EOF_FILE
cat > '.gemini/skills/figma-to-code/scripts/write_manifest.py' <<'EOF_FILE'
#!/usr/bin/env python3
"""
Write or update figma-to-code session manifest.

Usage:
    # Initialize after extraction
    python write_manifest.py <manifest_path> extracted <figma_file_key>

    # Update to building phase
    python write_manifest.py <manifest_path> building

    # Save preview URL (Modal sandbox)
    python write_manifest.py <manifest_path> preview <preview_url>

    # Complete with dist path
    python write_manifest.py <manifest_path> complete <dist_path>

Output:
    SUCCESS:<manifest_path>
    ERROR:<error_message>

Example:
    $ python write_manifest.py /work/123/figma-to-code/manifest.json extracted abc123
    SUCCESS:/work/123/figma-to-code/manifest.json
"""
import json
import os
import sys
from datetime import datetime, timezone


def load_manifest(path: str) -> dict:
    """Load existing manifest or return empty structure."""
    try:
        with open(path) as f:
            return json.load(f)
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_manifest(path: str, manifest: dict) -> None:
    """Save manifest to file."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(manifest, f, indent=2)


def main():
    if len(sys.argv) < 3:
        print("Usage: python write_manifest.py <manifest_path> <command> [args...]", file=sys.stderr)
        sys.exit(1)

    manifest_path = sys.argv[1]
    command = sys.argv[2]

    try:
        manifest = load_manifest(manifest_path)

        # Initialize session_id if new manifest
        if "session_id" not in manifest:
            manifest["session_id"] = f"figma_{datetime.now(timezone.utc).strftime('%Y%m%d_%H%M%S')}"
            manifest["created_at"] = datetime.now(timezone.utc).isoformat()

        manifest["updated_at"] = datetime.now(timezone.utc).isoformat()

        if command == "extracted":
            if len(sys.argv) != 4:
                print("Usage: python write_manifest.py <path> extracted <figma_file_key>", file=sys.stderr)
                sys.exit(1)
            manifest["phase"] = "extracted"
            manifest["figma_file_key"] = sys.argv[3]

        elif command == "building":
            manifest["phase"] = "building"

        elif command == "preview":
            if len(sys.argv) != 4:
                print("Usage: python write_manifest.py <path> preview <preview_url>", file=sys.stderr)
                sys.exit(1)
            manifest["preview_url"] = sys.argv[3]

        elif command == "complete":
            if len(sys.argv) != 4:
                print("Usage: python write_manifest.py <path> complete <dist_path>", file=sys.stderr)
                sys.exit(1)
            manifest["phase"] = "complete"
            manifest["dist_path"] = sys.argv[3]
            manifest["completed_at"] = datetime.now(timezone.utc).isoformat()

        else:
            print(f"ERROR:unknown_command:{command}")
            sys.exit(1)

        save_manifest(manifest_path, manifest)
        print(f"SUCCESS:{manifest_path}")

    except Exception as e:
        print(f"ERROR:{str(e)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
EOF_FILE
cat > .gemini/settings.json <<'EOF_FILE'
{
  "general": { "previewFeatures": true },
  "mcpServers": { "_stub": "figma, github, app_preview, gcs_uploader, playwright … MCP servers of the harness (see SOURCE)" }
}
EOF_FILE
echo '# (stub) harness system prompt' > .gemini/system.md
for s in browser-automation meeting-intelligence presentation visual-judge webapp; do
  mkdir -p ".gemini/skills/$s"; printf -- '---\nname: %s\n---\n(stub)\n' "$s" > ".gemini/skills/$s/SKILL.md"
done
# Figma exports (06:10:53–06:12:30) and the assets copied into public/ (06:13:03).
cat > 'figma-export/assets/icons/lock.svg' <<'EOF_FILE'
<svg width="20" height="20" viewBox="0 0 20 20" fill="none" xmlns="http://www.w3.org/2000/svg">
<path d="M15.8333 9.16667H4.16667C3.24619 9.16667 2.5 9.91286 2.5 10.8333V16.6667C2.5 17.5871 3.24619 18.3333 4.16667 18.3333H15.8333C16.7538 18.3333 17.5 17.5871 17.5 16.6667V10.8333C17.5 9.91286 16.7538 9.16667 15.8333 9.16667Z" stroke="white" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M5.83333 9.16667V5.83333C5.83333 4.72827 6.27232 3.66846 7.05372 2.88706C7.83512 2.10565 8.89493 1.66667 9.99999 1.66667C11.1051 1.66667 12.1649 2.10565 12.9463 2.88706C13.7277 3.66846 14.1667 4.72827 14.1667 5.83333V9.16667" stroke="white" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
EOF_FILE
cat > 'figma-export/assets/icons/user.svg' <<'EOF_FILE'
<svg width="20" height="20" viewBox="0 0 20 20" fill="none" xmlns="http://www.w3.org/2000/svg">
<path d="M16.6667 17.5V15.8333C16.6667 14.9493 16.3155 14.1014 15.6903 13.4763C15.0652 12.8512 14.2174 12.5 13.3333 12.5H6.66666C5.78261 12.5 4.93476 12.8512 4.30964 13.4763C3.68452 14.1014 3.33333 14.9493 3.33333 15.8333V17.5" stroke="white" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M10 9.16667C11.841 9.16667 13.3333 7.67428 13.3333 5.83333C13.3333 3.99238 11.841 2.5 10 2.5C8.15906 2.5 6.66667 3.99238 6.66667 5.83333C6.66667 7.67428 8.15906 9.16667 10 9.16667Z" stroke="white" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
EOF_FILE
cat > 'figma-export/assets/logo.svg' <<'EOF_FILE'
<svg width="124" height="102" viewBox="0 0 124 102" fill="none" xmlns="http://www.w3.org/2000/svg">
<path d="M1.89131 1.89131H15.6387C17.8326 1.89131 19.7684 3.32775 20.4064 5.42921L41.9277 76.3063C42.5657 78.4077 44.5015 79.8442 46.6953 79.8442H95.185C97.465 79.8442 99.4548 78.2948 100.015 76.0822L108.697 41.8235C109.258 39.6107 111.248 38.0615 113.528 38.0615H122.109" stroke="white" stroke-width="3.75648" stroke-linecap="round"/>
<path d="M72.9761 21.7715C72.2463 21.0411 71.0632 21.0411 70.3335 21.7715L58.4412 33.6778C57.7116 34.4084 57.7116 35.5929 58.4412 36.3235C59.171 37.0542 60.3543 37.0542 61.084 36.3235L71.6547 25.7404L82.2256 36.3235C82.9553 37.0542 84.1384 37.0542 84.8682 36.3235C85.5979 35.5929 85.5979 34.4084 84.8682 33.6778L72.9761 21.7715ZM73.5235 58.0174V23.0945H69.7861V58.0174H73.5235Z" fill="white"/>
<path d="M58.5741 100.424C61.6702 100.424 64.1801 97.9109 64.1801 94.8111C64.1801 91.7114 61.6702 89.1985 58.5741 89.1985C55.478 89.1985 52.9681 91.7114 52.9681 94.8111C52.9681 97.9109 55.478 100.424 58.5741 100.424Z" stroke="white" stroke-width="3.00518"/>
<path d="M85.9811 100.424C89.0773 100.424 91.5871 97.9109 91.5871 94.8111C91.5871 91.7114 89.0773 89.1985 85.9811 89.1985C82.885 89.1985 80.3752 91.7114 80.3752 94.8111C80.3752 97.9109 82.885 100.424 85.9811 100.424Z" stroke="white" stroke-width="3.00518"/>
</svg>
EOF_FILE
cp figma-export/assets/icons/lock.svg figma-export/assets/icons/user.svg public/assets/icons/
cp figma-export/assets/logo.svg public/assets/
for f in figma-export/FRAME/Dashboard-Login.png figma-export/assets/images/background.png ground_truth/Login.png \
  public/assets/images/background.png; do png "$f"; done
cat > 'ground_truth/manifest.json' <<'EOF_FILE'
{
    "figma_file_key": "wgOe4x0idD1rlOP6TEBGK3",
    "total_frames": 1,
    "frames": [
        {"name": "Login", "node_id": "1:2", "gt_image": "Login.png", "target_route": "/"}
    ]
}
EOF_FILE
truncate -s -1 'ground_truth/manifest.json'
cat > 'figma-to-code/manifest.json' <<'EOF_FILE'
{
  "session_id": "figma_20260130_061242",
  "created_at": "2026-01-30T06:12:42.150842+00:00",
  "updated_at": "2026-01-30T06:16:21.832837+00:00",
  "phase": "building",
  "figma_file_key": "wgOe4x0idD1rlOP6TEBGK3",
  "preview_url": "https://ta-01kg6rpkv2q4bp7e6f9m5v0r8z-5173.wo-w1owzhjlnu56aij5sbpsubfxa.w.modal.host"
}
EOF_FILE
truncate -s -1 'figma-to-code/manifest.json'
cat > 'index.html' <<'EOF_FILE'
<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Login Page</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
EOF_FILE
cat > 'package.json' <<'EOF_FILE'
{
  "name": "figma-design",
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build"
  },
  "dependencies": {
    "react": "^19.0.0",
    "react-dom": "^19.0.0",
    "react-router-dom": "^7.0.0",
    "framer-motion": "^11.0.0",
    "lucide-react": "^0.460.0",
    "clsx": "^2.1.0"
  },
  "devDependencies": {
    "@vitejs/plugin-react": "^4.3.0",
    "vite": "^6.0.0",
    "tailwindcss": "^4.0.0",
    "@tailwindcss/vite": "^4.0.0"
  }
}
EOF_FILE
truncate -s -1 'package.json'
cat > 'vite.config.ts' <<'EOF_FILE'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  base: './',
  server: {
    host: true,
    allowedHosts: true
  }
})
EOF_FILE
cat > 'src/main.tsx' <<'EOF_FILE'
import React from 'react'
import ReactDOM from 'react-dom/client'
import { HashRouter } from 'react-router-dom'
import App from './App'
import './index.css'

ReactDOM.createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <HashRouter>
      <App />
    </HashRouter>
  </React.StrictMode>
)
EOF_FILE
cat > 'src/index.css' <<'EOF_FILE'
@import "tailwindcss";

@theme {
  --font-montserrat: 'Montserrat', sans-serif;
  --color-brand-blue: #2148C0;
}

@layer base {
  @import url('https://fonts.googleapis.com/css2?family=Montserrat:wght@300;400;500;600&display=swap');
  
  body {
    font-family: var(--font-montserrat);
    @apply antialiased;
  }
}
EOF_FILE
truncate -s -1 'src/index.css'
cat > 'src/App.tsx' <<'EOF_FILE'
import React, { Suspense } from 'react';
import { Routes, Route } from 'react-router-dom';

// Lazy load pages
const Login = React.lazy(() => import('./pages/Login'));

function App() {
  return (
    <Suspense fallback={
      <div className="min-h-screen w-full bg-brand-blue flex items-center justify-center">
        <div className="w-8 h-8 border-4 border-white border-t-transparent rounded-full animate-spin"></div>
      </div>
    }>
      <Routes>
        <Route path="/" element={<Login />} />
        <Route path="*" element={<Login />} />
      </Routes>
    </Suspense>
  );
}

export default App;
EOF_FILE
cat > 'src/components/ui/Button.tsx' <<'EOF_FILE'
import React from 'react';

interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  isLoading?: boolean;
}

export const Button: React.FC<ButtonProps> = ({ 
  children, 
  isLoading, 
  className = '', 
  ...props 
}) => {
  return (
    <button
      className={`
        w-full h-[53px] bg-brand-blue text-white rounded-[4px]
        font-semibold text-base uppercase tracking-normal
        shadow-[0px_4px_4px_rgba(0,0,0,0.3)]
        hover:bg-opacity-90 transition-all duration-200
        disabled:opacity-50 disabled:cursor-not-allowed
        flex items-center justify-center
        cursor-pointer
        ${className}
      `}
      disabled={isLoading || props.disabled}
      {...props}
    >
      {isLoading ? (
        <span className="w-5 h-5 border-2 border-white border-t-transparent rounded-full animate-spin" />
      ) : (
        children
      )}
    </button>
  );
};
EOF_FILE
cat > 'src/components/ui/Input.tsx' <<'EOF_FILE'
import React from 'react';

interface InputProps extends React.InputHTMLAttributes<HTMLInputElement> {
  icon?: string;
  error?: string;
}

export const Input: React.FC<InputProps> = ({ 
  icon, 
  error, 
  className = '', 
  ...props 
}) => {
  return (
    <div className="w-full relative group">
      <div className="relative flex items-center">
        {icon && (
          <div className="absolute left-3 z-10 flex items-center justify-center w-5 h-5 pointer-events-none">
            <img src={icon} alt="" className="w-full h-full object-contain" />
          </div>
        )}
        <input
          className={`
            w-full h-[45px] bg-transparent
            border border-white rounded-[4px]
            text-white font-light text-sm uppercase placeholder-white
            focus:outline-none focus:ring-1 focus:ring-white/50
            transition-all duration-200
            ${icon ? 'pl-12 pr-4' : 'px-4'}
            ${error ? 'border-red-400' : 'border-white'}
            ${className}
          `}
          {...props}
        />
      </div>
      {error && (
        <span className="text-red-300 text-xs mt-1 absolute -bottom-5 left-0">
          {error}
        </span>
      )}
    </div>
  );
};
EOF_FILE
cat > 'src/pages/Login.tsx' <<'EOF_FILE'
import React, { useState } from 'react';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';

export default function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  const handleSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setIsSubmitting(true);
    // Simulate API call
    await new Promise(resolve => setTimeout(resolve, 1500));
    setIsSubmitting(false);
    console.log('Login:', { username, password });
  };

  return (
    <div className="min-h-screen w-full bg-brand-blue relative overflow-hidden flex items-center justify-center">
      {/* Background Image */}
      <img 
        src="./assets/images/background.png" 
        alt="" 
        className="absolute inset-0 w-full h-full object-cover z-0 pointer-events-none"
      />
      
      {/* Content Container */}
      <div className="relative z-10 w-[300px] flex flex-col items-center">
         {/* Logo */}
         <div className="mb-[71px]">
            <img 
              src="./assets/logo.svg" 
              alt="Logo" 
              className="w-[120px] h-auto" 
            />
         </div>

         {/* Login Form */}
         <form className="w-full flex flex-col gap-5" onSubmit={handleSubmit}>
            <Input 
               placeholder="USERNAME" 
               icon="./assets/icons/user.svg" 
               value={username}
               onChange={(e) => setUsername(e.target.value)}
               required
            />
            <Input 
               type="password"
               placeholder="PASSWORD" 
               icon="./assets/icons/lock.svg" 
               value={password}
               onChange={(e) => setPassword(e.target.value)}
               required
            />
            
            <Button type="submit" className="mt-[43px]" isLoading={isSubmitting}>
               LOGIN
            </Button>
         </form>

         <a 
           href="#" 
           className="mt-[11px] text-white font-medium text-base hover:underline transition-all"
           onClick={(e) => e.preventDefault()}
         >
            Forgot password?
         </a>
      </div>
    </div>
  );
}
EOF_FILE
# npm install (06:15:24): package-lock.json and node_modules/ (6456 files in the real commit) as stubs.
cat > package-lock.json <<'EOF_FILE'
{
  "name": "figma-design",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "": { "name": "figma-design" }
  }
}
EOF_FILE
echo '{"name":"figma-design","lockfileVersion":3,"requires":true,"packages":{}}' > node_modules/.package-lock.json
echo '{"name":"vite","version":"6.4.1"}' > node_modules/vite/package.json
# The harness's stream capture (this case's transcript) was in the project root and got committed; stub.
echo '{"type": "init", "session_id": "cac225da-e1f4-46c2-8c80-d7930185f8d6", "note": "stub of the stream capture committed here"}' > transcript.jsonl

# Harness files predate the run; then exports, scaffold, npm install and the session's writes, in order.
find . -path ./.git -prune -o -print0 | xargs -0 touch -h -d 2026-01-30T06:09:00Z
mtime 2026-01-30T06:10:53Z figma-export/FRAME/Dashboard-Login.png
mtime 2026-01-30T06:12:15Z figma-export/assets/icons/lock.svg figma-export/assets/icons/user.svg figma-export/assets/logo.svg   figma-export/assets/images/background.png
mtime 2026-01-30T06:12:30Z ground_truth/Login.png
mtime 2026-01-30T06:13:03Z public/assets/icons/lock.svg public/assets/icons/user.svg public/assets/logo.svg   public/assets/images/background.png
mtime 2026-01-30T06:15:24Z package-lock.json node_modules/.package-lock.json node_modules/vite/package.json
mtime 2026-01-30T06:16:33Z transcript.jsonl
mtime 2026-01-30T06:12:37Z ground_truth/manifest.json
mtime 2026-01-30T06:12:50Z index.html package.json vite.config.ts src/main.tsx
mtime 2026-01-30T06:13:33Z src/index.css
mtime 2026-01-30T06:13:54Z src/components/ui/Button.tsx
mtime 2026-01-30T06:14:09Z src/components/ui/Input.tsx
mtime 2026-01-30T06:14:44Z src/pages/Login.tsx
mtime 2026-01-30T06:15:02Z src/App.tsx
mtime 2026-01-30T06:16:21Z figma-to-code/manifest.json

# The run's last command: git init && git remote add origin … && git add . && git commit -m "Initial commit
# from Gemini CLI" && git branch -M main && git push -u origin main -f (no .gitignore: everything is added).
git remote add origin https://github.com/metaphi-agent/figma-eval-d00f7a9b-ecaf-4a62-b8e7-388b8cc18957-gemini_cli.git
git add .
GIT_AUTHOR_NAME="Metaphi Agent" GIT_AUTHOR_EMAIL="agent@metaphi.ai" GIT_AUTHOR_DATE="2026-01-30T06:17:10Z" \
GIT_COMMITTER_NAME="Metaphi Agent" GIT_COMMITTER_EMAIL="agent@metaphi.ai" GIT_COMMITTER_DATE="2026-01-30T06:17:10Z" \
  git commit -q -m "Initial commit from Gemini CLI"
# The push reached GitHub (the public repository has exactly this commit); what `push -u` leaves locally:
git update-ref refs/remotes/origin/main HEAD
git config branch.main.remote origin
git config branch.main.merge refs/heads/main
