//! The one table of programs whose runs judge the work: test runners (with their language
//! family) and checks (typecheck, lint, build). The transcript readers mark commands with it,
//! the drafter groups runs by it, and the validator matches a claim's command to runs with it.

/// A test runner's language family: which runs a named test command can be checked against when
/// no run has the same command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// Compatible with every runner (JUnit XML, TAP, `make test`…).
    Any,
    /// pytest, tox, nox, unittest.
    Python,
    /// cargo test / nextest.
    Rust,
    /// go test.
    Go,
    /// jest, vitest, npm test.
    Js,
    // The other runners of the table, one family per language or platform: named variants,
    // not a name, as the validator holds a family for every command of a session (a `&str`
    // made it 16 bytes, not 1).
    /// rspec, rake.
    Ruby,
    /// phpunit.
    Php,
    /// dotnet test.
    Dotnet,
    /// swift test.
    Swift,
    /// mix test.
    Elixir,
    /// forge, hardhat, truffle.
    Solidity,
    /// anchor test.
    Anchor,
    /// zig test.
    Zig,
    /// flutter, dart.
    Dart,
    /// gradle, maven.
    Jvm,
}

impl Family {
    /// Whether runs of the two families can be the same thing.
    pub(crate) fn compatible(self, other: Family) -> bool {
        self == Family::Any || other == Family::Any || self == other
    }
}

/// What a simple command does that judges the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Judges {
    /// Runs tests.
    Test(Family),
    /// Typechecks, lints or builds.
    Check,
}

/// When a row applies to a simple command (its words after [`super::program_words`]).
#[derive(Debug, Clone, Copy)]
enum When {
    /// Whatever follows the program.
    Always,
    /// The word after the program is one of these (`cargo test`).
    Sub(&'static [&'static str]),
    /// The script a package manager runs is one of these, or one of these followed by `:` or `-`
    /// (`pnpm --filter web test`, `npm run test:unit`).
    Script(&'static [&'static str]),
    /// A later word is one of these targets, or one of them followed by `:` or `-` (`make test`).
    Target(&'static [&'static str]),
    /// A later word is one of these.
    AnyWord(&'static [&'static str]),
    /// A later non-flag word ends in `test` (`gradle test`, `gradle :app:test`,
    /// `integrationTest`), or it is `verify` (Maven's lifecycle phase that runs the tests).
    JvmTest,
    /// `python manage.py test`.
    DjangoTest,
    /// `make` with no test, clean or install target: a build.
    MakeBuild,
}

/// One row: the programs it covers, when it applies, what such a run judges.
struct Row {
    programs: &'static [&'static str],
    when: When,
    judges: Judges,
}

const fn row(programs: &'static [&'static str], when: When, judges: Judges) -> Row {
    Row {
        programs,
        when,
        judges,
    }
}

/// Every runner and check, tests first: the first row that applies decides (`make test` is a
/// test run before `make` is a build).
const RUNNERS: &[Row] = &[
    // Test runners.
    row(
        &["pytest", "py.test", "tox", "nox", "unittest"],
        When::Always,
        Judges::Test(Family::Python),
    ),
    row(
        &["jest", "vitest", "mocha", "ava", "karma"],
        When::Always,
        Judges::Test(Family::Js),
    ),
    row(&["cypress"], When::Sub(&["run"]), Judges::Test(Family::Js)),
    row(&["rspec"], When::Always, Judges::Test(Family::Ruby)),
    row(&["phpunit"], When::Always, Judges::Test(Family::Php)),
    row(&["ctest"], When::Always, Judges::Test(Family::Any)),
    row(&["nextest"], When::Always, Judges::Test(Family::Rust)),
    row(
        &["cargo"],
        When::Sub(&["test", "nextest", "t"]),
        Judges::Test(Family::Rust),
    ),
    row(&["go"], When::Sub(&["test"]), Judges::Test(Family::Go)),
    row(
        &["dotnet"],
        When::Sub(&["test"]),
        Judges::Test(Family::Dotnet),
    ),
    row(
        &["swift"],
        When::Sub(&["test"]),
        Judges::Test(Family::Swift),
    ),
    row(
        &["deno", "playwright"],
        When::Sub(&["test"]),
        Judges::Test(Family::Js),
    ),
    row(&["mix"], When::Sub(&["test"]), Judges::Test(Family::Elixir)),
    row(
        &["forge", "hardhat", "truffle"],
        When::Sub(&["test"]),
        Judges::Test(Family::Solidity),
    ),
    row(
        &["anchor"],
        When::Sub(&["test"]),
        Judges::Test(Family::Anchor),
    ),
    row(&["zig"], When::Sub(&["test"]), Judges::Test(Family::Zig)),
    row(
        &["flutter", "dart"],
        When::Sub(&["test"]),
        Judges::Test(Family::Dart),
    ),
    row(
        &["gradle", "gradlew", "mvn", "mvnw"],
        When::JvmTest,
        Judges::Test(Family::Jvm),
    ),
    row(
        &["npm", "pnpm", "yarn", "bun"],
        When::Script(&["test", "e2e"]),
        Judges::Test(Family::Js),
    ),
    row(
        &["make", "just"],
        When::Target(&["test", "tests", "check-test"]),
        Judges::Test(Family::Any),
    ),
    row(
        &["python", "python3"],
        When::DjangoTest,
        Judges::Test(Family::Python),
    ),
    row(
        &["rake", "bundle"],
        When::AnyWord(&["test", "spec"]),
        Judges::Test(Family::Ruby),
    ),
    // Checks.
    row(
        &[
            "tsc",
            "vue-tsc",
            "mypy",
            "pyright",
            "eslint",
            "ruff",
            "flake8",
            "pylint",
            "biome",
            "golangci-lint",
            "shellcheck",
            "stylelint",
            "black",
            "oxlint",
        ],
        When::Always,
        Judges::Check,
    ),
    // Syntax checks: `python -m py_compile a.py` (the `-m` is unwrapped), `node --check a.js`.
    row(&["py_compile", "compileall"], When::Always, Judges::Check),
    row(&["node"], When::AnyWord(&["--check", "-c"]), Judges::Check),
    row(
        &["prettier"],
        When::AnyWord(&["--check", "-c"]),
        Judges::Check,
    ),
    row(
        &["cargo"],
        When::Sub(&["check", "build", "clippy", "b", "c"]),
        Judges::Check,
    ),
    row(&["cargo"], When::AnyWord(&["--check"]), Judges::Check),
    row(&["go"], When::Sub(&["vet", "build"]), Judges::Check),
    row(
        &["next", "vite", "webpack", "astro", "nuxt"],
        When::Sub(&["build"]),
        Judges::Check,
    ),
    row(
        &["hardhat", "forge", "truffle", "anchor"],
        When::Sub(&["compile", "build"]),
        Judges::Check,
    ),
    row(&["make"], When::MakeBuild, Judges::Check),
    row(
        &["npm", "pnpm", "yarn", "bun"],
        When::Script(&[
            "build",
            "lint",
            "typecheck",
            "type-check",
            "check",
            "tsc",
            "compile",
        ]),
        Judges::Check,
    ),
    row(
        &["dotnet", "mvn", "gradle", "gradlew"],
        When::Sub(&["build", "compile"]),
        Judges::Check,
    ),
];

/// Whether some row names `program` (lowercased, without its path): if none does, no simple
/// command running it judges anything, and its other words need not be read.
pub(crate) fn is_runner(program: &str) -> bool {
    RUNNERS.iter().any(|r| r.programs.contains(&program))
}

/// What the simple command `words` (after [`super::program_words`]) judges, if anything.
pub(crate) fn judges(words: &[String]) -> Option<Judges> {
    let prog = words.first()?.as_str();
    RUNNERS
        .iter()
        .filter(|r| r.programs.contains(&prog))
        .find(|r| applies(r.when, words))
        .map(|r| r.judges)
}

fn applies(when: When, w: &[String]) -> bool {
    let rest = &w[1..];
    let second = rest.first().map(String::as_str).unwrap_or("");
    match when {
        When::Always => true,
        When::Sub(subs) => subs.contains(&second),
        When::Script(names) => script_name(w).is_some_and(|s| is_named(s, names)),
        When::Target(names) => rest.iter().any(|x| is_named(x, names)),
        When::AnyWord(words) => rest.iter().any(|x| words.contains(&x.as_str())),
        When::JvmTest => {
            let mut excluded = false;
            rest.iter().any(|x| {
                // `gradle build -x test` excludes the tests.
                let skip = std::mem::replace(&mut excluded, x == "-x" || x == "--exclude-task");
                !skip
                    && !x.starts_with('-')
                    && (x.ends_with("test") || (w[0].starts_with("mvn") && x == "verify"))
            })
        }
        When::DjangoTest => {
            rest.iter().any(|x| x == "manage.py") && rest.iter().any(|x| x == "test")
        }
        When::MakeBuild => !rest
            .iter()
            .any(|x| x.contains("test") || x == "clean" || x == "install"),
    }
}

/// The script a package manager runs: `pnpm --filter web test` → `test`,
/// `npm run build -- --x` → `build`, `yarn workspace app lint` → `lint`.
fn script_name(w: &[String]) -> Option<&str> {
    let mut i = 1;
    while let Some(x) = w.get(i) {
        match x.as_str() {
            "--filter" | "-f" | "-c" | "--prefix" | "--dir" | "-w" | "--workspace" | "--cwd" => {
                i += 2
            }
            "run" | "run-script" | "rs" => i += 1,
            "workspace" => i += 2,
            _ if x.starts_with('-') => i += 1,
            _ => return Some(x),
        }
    }
    None
}

/// `test`, or `test:unit` / `test-e2e` for the name `test`.
fn is_named(w: &str, names: &[&str]) -> bool {
    names.iter().any(|n| {
        w == *n
            || w.strip_prefix(n)
                .is_some_and(|rest| rest.starts_with(':') || rest.starts_with('-'))
    })
}

#[cfg(test)]
mod tests {
    use super::super::program_words;
    use super::*;

    fn judge(command: &str) -> Option<Judges> {
        let words: Vec<String> = command.split_whitespace().map(String::from).collect();
        judges(&program_words(&words))
    }

    /// Every row with simple commands it covers and commands of its programs it does not.
    const EXAMPLES: &[(&str, Option<Judges>)] = &[
        ("pytest -q tests/", Some(Judges::Test(Family::Python))),
        ("python -m pytest tests", Some(Judges::Test(Family::Python))),
        ("uv run pytest -x", Some(Judges::Test(Family::Python))),
        ("tox -e py312", Some(Judges::Test(Family::Python))),
        ("npx jest src", Some(Judges::Test(Family::Js))),
        (
            "./node_modules/.bin/jest src",
            Some(Judges::Test(Family::Js)),
        ),
        ("npx vitest run", Some(Judges::Test(Family::Js))),
        ("npx cypress run", Some(Judges::Test(Family::Js))),
        ("npx cypress open", None),
        ("rspec spec/models", Some(Judges::Test(Family::Ruby))),
        ("bundle exec rspec", Some(Judges::Test(Family::Ruby))),
        ("bundle exec rake spec", Some(Judges::Test(Family::Ruby))),
        ("vendor/bin/phpunit", Some(Judges::Test(Family::Php))),
        ("ctest --output-on-failure", Some(Judges::Test(Family::Any))),
        ("cargo test --lib", Some(Judges::Test(Family::Rust))),
        ("cargo nextest run", Some(Judges::Test(Family::Rust))),
        ("nextest run", Some(Judges::Test(Family::Rust))),
        ("go test ./...", Some(Judges::Test(Family::Go))),
        ("dotnet test", Some(Judges::Test(Family::Dotnet))),
        ("swift test", Some(Judges::Test(Family::Swift))),
        ("deno test -A", Some(Judges::Test(Family::Js))),
        ("npx playwright test e2e/", Some(Judges::Test(Family::Js))),
        ("mix test", Some(Judges::Test(Family::Elixir))),
        ("npx hardhat test", Some(Judges::Test(Family::Solidity))),
        ("forge test -vv", Some(Judges::Test(Family::Solidity))),
        ("anchor test", Some(Judges::Test(Family::Anchor))),
        ("zig build test", None),
        ("zig test src/main.zig", Some(Judges::Test(Family::Zig))),
        ("flutter test", Some(Judges::Test(Family::Dart))),
        ("./gradlew test", Some(Judges::Test(Family::Jvm))),
        ("gradle :app:test", Some(Judges::Test(Family::Jvm))),
        ("mvn -Dtest=Foo test", Some(Judges::Test(Family::Jvm))),
        ("mvn verify", Some(Judges::Test(Family::Jvm))),
        ("gradle build -x test", Some(Judges::Check)),
        ("npm test", Some(Judges::Test(Family::Js))),
        (
            "npm run test:unit -- --watch=false",
            Some(Judges::Test(Family::Js)),
        ),
        (
            "CI=1 pnpm --filter web test",
            Some(Judges::Test(Family::Js)),
        ),
        ("yarn e2e", Some(Judges::Test(Family::Js))),
        ("bun test", Some(Judges::Test(Family::Js))),
        ("bun run test", Some(Judges::Test(Family::Js))),
        ("npm install --save-dev test-utils jest-dom", None),
        ("make test", Some(Judges::Test(Family::Any))),
        ("just check-test", Some(Judges::Test(Family::Any))),
        (
            "python manage.py test app",
            Some(Judges::Test(Family::Python)),
        ),
        ("python manage.py migrate", None),
        ("rake test", Some(Judges::Test(Family::Ruby))),
        ("npx tsc --noEmit", Some(Judges::Check)),
        ("ruff check .", Some(Judges::Check)),
        ("prettier --check .", Some(Judges::Check)),
        ("python -m py_compile tools/gen.py", Some(Judges::Check)),
        ("python -m compileall src", Some(Judges::Check)),
        ("node --check scripts/release.js", Some(Judges::Check)),
        ("node -c a.js", Some(Judges::Check)),
        ("node scripts/release.js", None),
        ("python tools/gen.py", None),
        ("prettier --write .", None),
        (
            "cargo clippy --all-targets -- -D warnings",
            Some(Judges::Check),
        ),
        ("cargo fmt --check", Some(Judges::Check)),
        ("cargo fmt", None),
        ("go vet ./...", Some(Judges::Check)),
        ("go run .", None),
        ("npx next build", Some(Judges::Check)),
        ("npx hardhat compile", Some(Judges::Check)),
        ("make", Some(Judges::Check)),
        ("make install", None),
        ("pnpm run build", Some(Judges::Check)),
        ("npm run type-check", Some(Judges::Check)),
        ("npm install", None),
        ("dotnet build", Some(Judges::Check)),
        ("test -f Cargo.toml", None),
        ("ls -la", None),
    ];

    #[test]
    fn every_row_has_an_example() {
        for r in RUNNERS {
            let covered = EXAMPLES.iter().any(|(cmd, want)| {
                let words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
                let w = program_words(&words);
                want.is_some() && r.programs.contains(&w[0].as_str()) && applies(r.when, &w)
            });
            assert!(covered, "no example for {:?}", r.programs);
        }
    }

    #[test]
    fn examples_judge_as_listed() {
        for (cmd, want) in EXAMPLES {
            assert_eq!(judge(cmd), *want, "{cmd}");
        }
    }

    #[test]
    fn families_fit() {
        assert!(Family::Any.compatible(Family::Rust));
        assert!(Family::Python.compatible(Family::Python));
        assert!(!Family::Python.compatible(Family::Go));
    }
}
