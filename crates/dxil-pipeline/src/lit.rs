//! The parts of an LLVM lit test (`ID.test`) that decide whether and how it runs: `RUN:`
//! lines (with `\` continuations) and the `REQUIRES:`, `XFAIL:` and `UNSUPPORTED:`
//! directives, whose items are lit's boolean expressions (`&&`, `||`, `!`, parentheses,
//! `true`, `false`, feature names) over the features of a platform. Comma-separated items of
//! `REQUIRES` must all hold; those of `XFAIL` and `UNSUPPORTED` apply when any holds
//! (`XFAIL: *` always does). See lit's "Boolean Expressions" in the LLVM testing guide.

/// Expressions nested deeper than this are refused (a hostile test file cannot deepen the
/// recursion without bound).
const MAX_DEPTH: usize = 64;

/// The platform `dxil run` stands for: Direct3D 12 through DXC on WARP, with every optional
/// device feature the offload-test-suite names.
pub const PLATFORM: &[&str] = &[
    "DirectX",
    "DXC",
    "WARP",
    "Half",
    "Int16",
    "Int64",
    "Double",
    "SM_6_6",
    "Int64GroupSharedAtomics",
    "Int64TypedResourceAtomics",
    "DerivativesInCompute",
    "WaveSize_4",
    "WaveSize_8",
    "WaveSize_16",
    "WaveSize_32",
    "WaveSize_64",
    "WaveSize_128",
];

/// The directives of a lit test file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LitTest {
    /// `RUN:` commands, continuations joined.
    pub run: Vec<String>,
    /// `REQUIRES:` lines.
    pub requires: Vec<String>,
    /// `XFAIL:` lines.
    pub xfail: Vec<String>,
    /// `UNSUPPORTED:` lines.
    pub unsupported: Vec<String>,
}

/// What the directives say about a platform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The test runs and should pass.
    Run,
    /// A `REQUIRES` item does not hold (the item).
    MissingFeature(String),
    /// An `UNSUPPORTED` item holds (the item).
    Unsupported(String),
    /// An `XFAIL` item holds: the test is expected to fail (the item).
    ExpectedFailure(String),
}

/// The value after `keyword:` on `line`, when the keyword is there as a whole word.
fn directive<'a>(line: &'a str, keyword: &str) -> Option<&'a str> {
    let tag = format!("{keyword}:");
    let at = line.find(&tag)?;
    let before = line[..at].chars().next_back();
    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
        return None;
    }
    Some(line[at + tag.len()..].trim())
}

/// Reads the directives of a lit test.
pub fn parse_test(text: &str) -> LitTest {
    let mut t = LitTest::default();
    let mut continuing = false;
    for line in text.lines() {
        if let Some(v) = directive(line, "RUN") {
            // A RUN line ending in `\` goes on in the next RUN line.
            continuing = push_run(&mut t.run, v, continuing);
        } else if let Some(v) = directive(line, "REQUIRES") {
            t.requires.push(v.to_string());
        } else if let Some(v) = directive(line, "XFAIL") {
            t.xfail.push(v.to_string());
        } else if let Some(v) = directive(line, "UNSUPPORTED") {
            t.unsupported.push(v.to_string());
        }
    }
    t
}

/// Adds (or continues) a RUN command; whether the next line continues it.
fn push_run(run: &mut Vec<String>, text: &str, append: bool) -> bool {
    let (text, more) = match text.strip_suffix('\\') {
        Some(t) => (t.trim_end(), true),
        None => (text, false),
    };
    match run.last_mut() {
        Some(last) if append => {
            last.push(' ');
            last.push_str(text);
        }
        _ => run.push(text.to_string()),
    }
    more
}

impl LitTest {
    /// What the directives say on a platform whose features are `has`.
    pub fn verdict(&self, has: &dyn Fn(&str) -> bool) -> Result<Verdict, String> {
        for item in items(&self.requires) {
            if !eval(item, has)? {
                return Ok(Verdict::MissingFeature(item.to_string()));
            }
        }
        for item in items(&self.unsupported) {
            if eval(item, has)? {
                return Ok(Verdict::Unsupported(item.to_string()));
            }
        }
        for item in items(&self.xfail) {
            if item == "*" || eval(item, has)? {
                return Ok(Verdict::ExpectedFailure(item.to_string()));
            }
        }
        Ok(Verdict::Run)
    }
}

/// The comma-separated items of directive lines.
fn items(lines: &[String]) -> impl Iterator<Item = &str> {
    lines
        .iter()
        .flat_map(|l| l.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Whether `name` is a feature of [`PLATFORM`].
pub fn on_platform(name: &str) -> bool {
    PLATFORM.contains(&name)
}

/// Evaluates a lit boolean expression; features are what `has` says.
pub fn eval(expr: &str, has: &dyn Fn(&str) -> bool) -> Result<bool, String> {
    let tokens = tokenize(expr)?;
    let mut p = ExprParser {
        tokens: &tokens,
        pos: 0,
        has,
    };
    let v = p.or(0)?;
    if p.pos != tokens.len() {
        return Err(format!("unexpected '{}' in '{expr}'", tokens[p.pos]));
    }
    Ok(v)
}

fn tokenize(expr: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut rest = expr.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("&&").or_else(|| rest.strip_prefix("||")) {
            out.push(rest[..2].to_string());
            rest = r;
        } else if rest.starts_with(['!', '(', ')']) {
            out.push(rest[..1].to_string());
            rest = &rest[1..];
        } else {
            // A feature name runs to the next operator or space.
            let end = rest
                .find(|c: char| c.is_whitespace() || "!()&|".contains(c))
                .unwrap_or(rest.len());
            if end == 0 {
                return Err(format!("unexpected '{}' in '{expr}'", &rest[..1]));
            }
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

struct ExprParser<'a> {
    tokens: &'a [String],
    pos: usize,
    has: &'a dyn Fn(&str) -> bool,
}

impl<'a> ExprParser<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.pos).map(String::as_str)
    }

    fn or(&mut self, depth: usize) -> Result<bool, String> {
        let mut v = self.and(depth)?;
        while self.peek() == Some("||") {
            self.pos += 1;
            v |= self.and(depth)?;
        }
        Ok(v)
    }

    fn and(&mut self, depth: usize) -> Result<bool, String> {
        let mut v = self.not(depth)?;
        while self.peek() == Some("&&") {
            self.pos += 1;
            v &= self.not(depth)?;
        }
        Ok(v)
    }

    fn not(&mut self, depth: usize) -> Result<bool, String> {
        if depth > MAX_DEPTH {
            return Err("expression nested too deeply".into());
        }
        match self.peek() {
            Some("!") => {
                self.pos += 1;
                Ok(!self.not(depth + 1)?)
            }
            Some("(") => {
                self.pos += 1;
                let v = self.or(depth + 1)?;
                if self.peek() != Some(")") {
                    return Err("missing ')'".into());
                }
                self.pos += 1;
                Ok(v)
            }
            Some(t) if t == "&&" || t == "||" || t == ")" => Err(format!("unexpected '{t}'")),
            Some(t) => {
                self.pos += 1;
                Ok(match t {
                    "true" => true,
                    "false" => false,
                    name => (self.has)(name),
                })
            }
            None => Err("expression ends early".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions() {
        let has = |n: &str| on_platform(n);
        assert!(eval("DirectX", &has).unwrap());
        assert!(!eval("Vulkan", &has).unwrap());
        assert!(eval("Clang && Vulkan || DXC", &has).unwrap());
        assert!(!eval("Clang && (Vulkan || DXC)", &has).unwrap());
        assert!(eval("!Metal && !(Clang)", &has).unwrap());
        assert!(eval("true", &has).unwrap());
        assert!(eval("DXC && ", &has).is_err());
        assert!(eval("(DXC", &has).is_err());
        assert!(eval(&"(".repeat(500), &has).is_err());
    }

    #[test]
    fn directives() {
        let t = parse_test(
            "# REQUIRES: Half, Int16\n# UNSUPPORTED: Metal || Vulkan\n# XFAIL: DXC && WARP\n\
             # RUN: %offloader a \\\n# RUN:   b | FileCheck %s\nnot-RUN: x\n",
        );
        assert_eq!(t.run, vec!["%offloader a b | FileCheck %s".to_string()]);
        let v = t.verdict(&on_platform).unwrap();
        assert_eq!(v, Verdict::ExpectedFailure("DXC && WARP".into()));
        let t = parse_test("# REQUIRES: goldenimage\n");
        assert_eq!(
            t.verdict(&on_platform).unwrap(),
            Verdict::MissingFeature("goldenimage".into())
        );
        let t = parse_test("# UNSUPPORTED: DirectX\n");
        assert!(matches!(
            t.verdict(&on_platform).unwrap(),
            Verdict::Unsupported(_)
        ));
        assert_eq!(
            parse_test("# XFAIL: *\n").verdict(&on_platform).unwrap(),
            Verdict::ExpectedFailure("*".into())
        );
    }
}
