//! Parser for root signature text: the grammar of `[RootSignature("...")]` and `-T rootsig_1_x`
//! as the reference accepts it.
//!
//! ```text
//! signature  := [element (',' element)* [',']]
//! element    := RootFlags '(' (0 | flag ('|' flag)*) ')'
//!             | RootConstants '(' { num32BitConstants = N, bR, space = N, visibility = V } ')'
//!             | (CBV|SRV|UAV) '(' { reg, space = N, visibility = V, flags = F } ')'
//!             | DescriptorTable '(' { range, visibility = V } ')'
//!             | StaticSampler '(' { sR, filter = .., addressU/V/W = .., mipLODBias = float,
//!                                   maxAnisotropy = N, comparisonFunc = .., borderColor = ..,
//!                                   minLOD = float, maxLOD = float, space = N,
//!                                   visibility = V [, flags = F (1.2)] } ')'
//! range      := (CBV|SRV|UAV|Sampler) '(' { reg, numDescriptors = (N|unbounded), space = N,
//!                                           flags = F, offset = (N|DESCRIPTOR_RANGE_OFFSET_APPEND) } ')'
//! ```
//! `{ ... }` is a non-empty comma-separated list, each item at most once, in any order. Flags
//! are refused in 1.0; sampler flags are accepted only in 1.2 (the reference has no 1.2).
//! The first error stops parsing; it carries the line and column of the offending token.

use crate::enums::{
    AddressMode, BorderColor, ComparisonFunc, DescriptorFlags, Filter, RangeFlags, RangeType,
    RootFlags, SamplerFlags, ShaderVisibility,
};
use crate::error::{Error, ErrorKind, Position, Result};
use crate::model::{
    DescriptorRange, ParameterKind, RootConstants, RootDescriptor, RootParameter, RootSignature,
    StaticSampler, Version, OFFSET_APPEND, UNBOUNDED,
};
use crate::text::lexer::{line_col, tokenize, Tok, Token};

/// Where each element of a parsed signature starts in the text (1-based line, column).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// The `RootFlags` element, if any.
    pub flags: Option<Position>,
    /// Each root parameter.
    pub parameters: Vec<Position>,
    /// Each range of each parameter (empty for non-tables).
    pub ranges: Vec<Vec<Position>>,
    /// Each static sampler.
    pub static_samplers: Vec<Position>,
}

/// Parses root signature text as a version, without validating it (see [`crate::compile`]).
pub fn parse(text: &str, version: Version) -> Result<RootSignature> {
    parse_with_map(text, version).map(|(rs, _)| rs)
}

/// [`parse`], also returning where each element starts.
pub fn parse_with_map(text: &str, version: Version) -> Result<(RootSignature, SourceMap)> {
    parse_form(text, version, TextForm::Attribute)
}

/// How root signature text is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextForm {
    /// The string of a `RootSignature` attribute or `-T rootsig_1_x` source, as the
    /// reference's parser sees it once HLSL has joined the string literals: only spaces
    /// separate tokens; a tab or a line break is an error.
    #[default]
    Attribute,
    /// Text in a file of its own: tabs and line breaks separate tokens as spaces do
    /// (positions still count lines).
    File,
}

/// [`parse_with_map`] for text laid out as `form` says.
pub fn parse_form(
    text: &str,
    version: Version,
    form: TextForm,
) -> Result<(RootSignature, SourceMap)> {
    let src = text.as_bytes();
    // Whitespace becomes spaces byte for byte, so token offsets stay those of `text`.
    let spaced: Vec<u8>;
    let tokens_from = match form {
        TextForm::Attribute => src,
        TextForm::File => {
            spaced = src
                .iter()
                .map(|&b| {
                    if matches!(b, b'\t' | b'\n' | b'\r') {
                        b' '
                    } else {
                        b
                    }
                })
                .collect();
            &spaced
        }
    };
    let mut p = Parser {
        src,
        toks: tokenize(tokens_from),
        next: 0,
        version,
        map: SourceMap::default(),
    };
    let rs = p.signature()?;
    Ok((rs, p.map))
}

struct Parser<'a> {
    src: &'a [u8],
    toks: Vec<Token<'a>>,
    next: usize,
    version: Version,
    map: SourceMap,
}

type Seen = bool;

impl<'a> Parser<'a> {
    fn peek(&self) -> Token<'a> {
        let last = self.toks.len().saturating_sub(1);
        self.toks
            .get(self.next.min(last))
            .copied()
            .unwrap_or(Token {
                tok: Tok::Eol,
                text: &[],
                start: 0,
            })
    }

    fn get(&mut self) -> Token<'a> {
        let t = self.peek();
        if self.next + 1 < self.toks.len() {
            self.next += 1;
        }
        t
    }

    fn pos(&self, t: &Token<'_>) -> Position {
        let (line, column) = line_col(self.src, t.start);
        Position::Text { line, column }
    }

    fn err(&self, t: &Token<'_>, msg: String) -> Error {
        Error::new(ErrorKind::Syntax, msg, self.pos(t))
    }

    /// `msg` (the reference's wording) for a token that is there; for the end of the input,
    /// where the reference names an empty token (`Unexpected token ''`), what was expected.
    fn fail(&self, t: &Token<'_>, expected: &str, msg: impl FnOnce() -> String) -> Error {
        if t.tok == Tok::Eol {
            self.err(
                t,
                format!("expected {expected}, found the end of the input"),
            )
        } else {
            self.err(t, msg())
        }
    }

    fn unexpected(&self, t: &Token<'_>, expected: &str) -> Error {
        self.fail(t, expected, || format!("Unexpected token '{}'", t.show()))
    }

    fn expect(&mut self, want: Tok) -> Result<Token<'a>> {
        let t = self.get();
        if t.tok == want {
            Ok(t)
        } else {
            let expected = match want {
                Tok::Comma => "','".to_string(),
                Tok::LParen => "'('".to_string(),
                Tok::RParen => "')'".to_string(),
                Tok::Eq => "'='".to_string(),
                Tok::Or => "'|'".to_string(),
                Tok::Kw(k) => format!("'{k}'"),
                _ => "a token".to_string(),
            };
            Err(self.unexpected(&t, &expected))
        }
    }

    fn expect_kw(&mut self, kw: &'static str) -> Result<Token<'a>> {
        self.expect(Tok::Kw(kw))
    }

    fn mark(&self, seen: &mut Seen, name: &str, t: &Token<'_>) -> Result<()> {
        if *seen {
            return Err(self.err(t, format!("Parameter '{name}' can be specified only once")));
        }
        *seen = true;
        Ok(())
    }

    /// After an item inside `( ... )`: `)` ends the list (returns true), `,` continues.
    fn list_end(&mut self) -> Result<bool> {
        let t = self.get();
        match t.tok {
            Tok::RParen => Ok(true),
            Tok::Comma => Ok(false),
            _ => Err(self.unexpected(&t, "',' or ')'")),
        }
    }

    fn signature(&mut self) -> Result<RootSignature> {
        let mut rs = RootSignature::new(self.version);
        let mut seen_flags = false;
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Eol => break,
                Tok::Kw("RootFlags") => {
                    if seen_flags {
                        return Err(
                            self.err(&t, "RootFlags cannot be specified more than once".into())
                        );
                    }
                    seen_flags = true;
                    self.map.flags = Some(self.pos(&t));
                    rs.flags = self.root_flags()?;
                }
                Tok::Kw("RootConstants") => {
                    self.push_param(&t);
                    let p = self.root_constants()?;
                    rs.parameters.push(p);
                }
                Tok::Kw(kw @ ("CBV" | "SRV" | "UAV")) => {
                    self.push_param(&t);
                    let p = self.root_descriptor(kw)?;
                    rs.parameters.push(p);
                }
                Tok::Kw("DescriptorTable") => {
                    self.push_param(&t);
                    let p = self.table()?;
                    rs.parameters.push(p);
                }
                Tok::Kw("StaticSampler") => {
                    self.map.static_samplers.push(self.pos(&t));
                    let s = self.static_sampler()?;
                    rs.static_samplers.push(s);
                }
                _ => {
                    return Err(self.err(
                        &t,
                        format!(
                            "Unexpected token '{}' when parsing root signature",
                            t.show()
                        ),
                    ))
                }
            }
            let t = self.get();
            match t.tok {
                Tok::Eol => break,
                Tok::Comma => {}
                _ => return Err(self.err(&t, format!("Expected ',', found: '{}'", t.show()))),
            }
        }
        Ok(rs)
    }

    fn push_param(&mut self, t: &Token<'_>) {
        let p = self.pos(t);
        self.map.parameters.push(p);
        self.map.ranges.push(Vec::new());
    }

    fn root_flags(&mut self) -> Result<RootFlags> {
        self.expect_kw("RootFlags")?;
        self.expect(Tok::LParen)?;
        let mut flags = 0u32;
        if let Tok::U32(n) = self.peek().tok {
            let t = self.get();
            if n != 0 {
                return Err(self.err(
                    &t,
                    format!(
                        "Root signature flag values can only be 0 or flag enum values, found: '{}'",
                        t.show()
                    ),
                ));
            }
        } else {
            loop {
                let t = self.get();
                match t.tok {
                    Tok::Kw(k) if RootFlags::from_keyword(k).is_some_and(|f| f.0 != 0) => {
                        flags |= RootFlags::from_keyword(k).map_or(0, |f| f.0);
                    }
                    _ => {
                        return Err(self.fail(&t, "a root signature flag value", || {
                            format!(
                                "Expected a root signature flag value, found: '{}'",
                                t.show()
                            )
                        }))
                    }
                }
                if self.peek().tok == Tok::RParen {
                    break;
                }
                self.expect(Tok::Or)?;
            }
        }
        self.expect(Tok::RParen)?;
        Ok(RootFlags(flags))
    }

    fn number(&mut self) -> Result<u32> {
        let t = self.get();
        match t.tok {
            Tok::U32(n) => Ok(n),
            _ => Err(self.unexpected(&t, "a number")),
        }
    }

    /// `name = N`
    fn assign_u32(&mut self, name: &'static str) -> Result<u32> {
        self.expect_kw(name)?;
        self.expect(Tok::Eq)?;
        self.number()
    }

    fn visibility(&mut self) -> Result<ShaderVisibility> {
        self.expect_kw("visibility")?;
        self.expect(Tok::Eq)?;
        let t = self.get();
        match t.tok {
            Tok::Kw(k) if ShaderVisibility::from_keyword(k).is_some() => {
                Ok(ShaderVisibility::from_keyword(k).unwrap_or_default())
            }
            _ => Err(
                self.fail(&t, "a shader visibility (SHADER_VISIBILITY_...)", || {
                    format!("Unexpected visibility value: '{}'.", t.show())
                }),
            ),
        }
    }

    /// A register token of any kind, which must be of kind `letter`.
    fn register(&mut self, letter: u8, what: &str) -> Result<u32> {
        let t = self.get();
        match t.tok {
            Tok::Reg(l, n) if l == letter => Ok(n),
            Tok::Reg(..) => Err(self.err(
                &t,
                format!(
                    "Incorrect register type '{}' in {what} (expected {}#)",
                    t.show(),
                    letter as char
                ),
            )),
            _ => Err(self.fail(&t, "a register", || {
                format!(
                    "Expected a register token (CBV, SRV, UAV, Sampler), found: '{}'",
                    t.show()
                )
            })),
        }
    }

    fn root_constants(&mut self) -> Result<RootParameter> {
        self.expect_kw("RootConstants")?;
        self.expect(Tok::LParen)?;
        let mut c = RootConstants {
            register: 0,
            space: 0,
            num_32bit_values: 0,
        };
        let mut vis = ShaderVisibility::ALL;
        let (mut s_num, mut s_reg, mut s_space, mut s_vis) = (false, false, false, false);
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Kw("num32BitConstants") => {
                    self.mark(&mut s_num, "num32BitConstants", &t)?;
                    c.num_32bit_values = self.assign_u32("num32BitConstants")?;
                }
                Tok::Reg(b'b', _) => {
                    self.mark(&mut s_reg, "cbuffer register b#", &t)?;
                    c.register = self.register(b'b', "CBV")?;
                }
                Tok::Kw("space") => {
                    self.mark(&mut s_space, "space", &t)?;
                    c.space = self.assign_u32("space")?;
                }
                Tok::Kw("visibility") => {
                    self.mark(&mut s_vis, "visibility", &t)?;
                    vis = self.visibility()?;
                }
                _ => return Err(self.unexpected(&t, "num32BitConstants, b#, space or visibility")),
            }
            if self.list_end()? {
                break;
            }
        }
        let t = self
            .toks
            .get(self.next.saturating_sub(1))
            .copied()
            .unwrap_or(self.peek());
        if !s_num {
            return Err(self.err(
                &t,
                "num32BitConstants must be defined for each RootConstants".into(),
            ));
        }
        if !s_reg {
            return Err(self.err(
                &t,
                "Constant buffer register b# must be defined for each RootConstants".into(),
            ));
        }
        Ok(RootParameter {
            visibility: vis,
            kind: ParameterKind::Constants(c),
        })
    }

    fn root_descriptor(&mut self, kw: &'static str) -> Result<RootParameter> {
        self.expect_kw(kw)?;
        self.expect(Tok::LParen)?;
        let letter = match kw {
            "CBV" => b'b',
            "SRV" => b't',
            _ => b'u',
        };
        let mut d = RootDescriptor {
            register: 0,
            space: 0,
            flags: DescriptorFlags::default_for(self.version),
        };
        let mut vis = ShaderVisibility::ALL;
        let (mut s_reg, mut s_flags, mut s_space, mut s_vis) = (false, false, false, false);
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Reg(b'b' | b't' | b'u', _) => {
                    self.mark(&mut s_reg, "shader register", &t)?;
                    d.register = self.register(letter, kw)?;
                }
                Tok::Kw("flags") => {
                    self.mark(&mut s_flags, "flags", &t)?;
                    if self.version == Version::V1_0 {
                        return Err(self.err(
                            &t,
                            "Root descriptor flags cannot be specified for root_sig_1_0".into(),
                        ));
                    }
                    d.flags = DescriptorFlags(self.flags(
                        "Root descriptor",
                        "root descriptor",
                        &|k| DescriptorFlags::from_keyword(k).map(|f| f.0),
                    )?);
                }
                Tok::Kw("space") => {
                    self.mark(&mut s_space, "space", &t)?;
                    d.space = self.assign_u32("space")?;
                }
                Tok::Kw("visibility") => {
                    self.mark(&mut s_vis, "visibility", &t)?;
                    vis = self.visibility()?;
                }
                _ => return Err(self.unexpected(&t, "a register, space, visibility or flags")),
            }
            if self.list_end()? {
                break;
            }
        }
        if !s_reg {
            let t = self
                .toks
                .get(self.next.saturating_sub(1))
                .copied()
                .unwrap_or(self.peek());
            return Err(self.err(
                &t,
                "shader register must be defined for each CBV/SRV/UAV".into(),
            ));
        }
        let kind = match kw {
            "CBV" => ParameterKind::Cbv(d),
            "SRV" => ParameterKind::Srv(d),
            _ => ParameterKind::Uav(d),
        };
        Ok(RootParameter {
            visibility: vis,
            kind,
        })
    }

    /// `flags = 0` or `flags = A | B ...`; `lookup` maps a keyword to its bit.
    fn flags(&mut self, cap: &str, low: &str, lookup: &dyn Fn(&str) -> Option<u32>) -> Result<u32> {
        self.expect_kw("flags")?;
        self.expect(Tok::Eq)?;
        if let Tok::U32(n) = self.peek().tok {
            let t = self.get();
            if n != 0 {
                return Err(self.err(
                    &t,
                    format!(
                        "{cap} flag values can only be 0 or flag enum values, found: '{}'",
                        t.show()
                    ),
                ));
            }
            return Ok(0);
        }
        let mut bits = 0;
        loop {
            let t = self.get();
            match t.tok {
                Tok::Kw(k) if lookup(k).is_some_and(|b| b != 0) => bits |= lookup(k).unwrap_or(0),
                _ => {
                    return Err(self.fail(&t, &format!("a {low} flag value"), || {
                        format!("Expected a {low} flag value, found: '{}'", t.show())
                    }))
                }
            }
            if matches!(self.peek().tok, Tok::RParen | Tok::Comma) {
                break;
            }
            self.expect(Tok::Or)?;
        }
        Ok(bits)
    }

    fn table(&mut self) -> Result<RootParameter> {
        self.expect_kw("DescriptorTable")?;
        self.expect(Tok::LParen)?;
        let mut ranges = Vec::new();
        let mut vis = ShaderVisibility::ALL;
        let mut s_vis = false;
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Kw(kw @ ("CBV" | "SRV" | "UAV" | "Sampler")) => {
                    let p = self.pos(&t);
                    if let Some(last) = self.map.ranges.last_mut() {
                        last.push(p);
                    }
                    ranges.push(self.range(kw)?);
                }
                Tok::Kw("visibility") => {
                    self.mark(&mut s_vis, "visibility", &t)?;
                    vis = self.visibility()?;
                }
                _ => {
                    return Err(
                        self.unexpected(&t, "a range (CBV, SRV, UAV, Sampler) or visibility")
                    )
                }
            }
            if self.list_end()? {
                break;
            }
        }
        Ok(RootParameter {
            visibility: vis,
            kind: ParameterKind::DescriptorTable(ranges),
        })
    }

    fn range(&mut self, kw: &'static str) -> Result<DescriptorRange> {
        self.expect_kw(kw)?;
        self.expect(Tok::LParen)?;
        let (rt, letter, what) = match kw {
            "CBV" => (RangeType::CBV, b'b', "CBV"),
            "SRV" => (RangeType::SRV, b't', "SRV"),
            "UAV" => (RangeType::UAV, b'u', "UAV"),
            _ => (RangeType::SAMPLER, b's', "Sampler/StaticSampler"),
        };
        let mut r = DescriptorRange::new(self.version, rt, 1, 0);
        let (mut s_reg, mut s_num, mut s_space, mut s_flags, mut s_off) =
            (false, false, false, false, false);
        loop {
            let t = self.peek();
            match t.tok {
                Tok::Reg(..) => {
                    self.mark(&mut s_reg, "shader register", &t)?;
                    r.base_register = self.register(letter, what)?;
                }
                Tok::Kw("numDescriptors") => {
                    self.mark(&mut s_num, "numDescriptors", &t)?;
                    self.expect_kw("numDescriptors")?;
                    self.expect(Tok::Eq)?;
                    r.num_descriptors = if self.peek().tok == Tok::Kw("unbounded") {
                        self.get();
                        UNBOUNDED
                    } else {
                        self.number()?
                    };
                }
                Tok::Kw("space") => {
                    self.mark(&mut s_space, "space", &t)?;
                    r.space = self.assign_u32("space")?;
                }
                Tok::Kw("flags") => {
                    self.mark(&mut s_flags, "flags", &t)?;
                    if self.version == Version::V1_0 {
                        return Err(self.err(
                            &t,
                            "Descriptor range flags cannot be specified for root_sig_1_0".into(),
                        ));
                    }
                    r.flags =
                        RangeFlags(self.flags("Descriptor range", "descriptor range", &|k| {
                            RangeFlags::from_keyword(k).map(|f| f.0)
                        })?);
                }
                Tok::Kw("offset") => {
                    self.mark(&mut s_off, "offset", &t)?;
                    self.expect_kw("offset")?;
                    self.expect(Tok::Eq)?;
                    r.offset = if self.peek().tok == Tok::Kw("DESCRIPTOR_RANGE_OFFSET_APPEND") {
                        self.get();
                        OFFSET_APPEND
                    } else {
                        self.number()?
                    };
                }
                _ => {
                    return Err(
                        self.unexpected(&t, "a register, numDescriptors, space, flags or offset")
                    )
                }
            }
            if self.list_end()? {
                break;
            }
        }
        if !s_reg {
            let t = self
                .toks
                .get(self.next.saturating_sub(1))
                .copied()
                .unwrap_or(self.peek());
            return Err(self.err(
                &t,
                "shader register must be defined for each CBV/SRV/UAV".into(),
            ));
        }
        Ok(r)
    }

    /// `name = KEYWORD` where the keyword must name a value of one enumeration.
    fn assign_enum<T>(
        &mut self,
        name: &'static str,
        what: &str,
        lookup: fn(&str) -> Option<T>,
    ) -> Result<T> {
        self.expect_kw(name)?;
        self.expect(Tok::Eq)?;
        let t = self.get();
        match t.tok {
            Tok::Kw(k) => lookup(k),
            _ => None,
        }
        .ok_or_else(|| {
            self.fail(&t, &format!("a {what} value"), || {
                format!("Unexpected {what} value: '{}'.", t.show())
            })
        })
    }

    fn assign_float(&mut self, name: &'static str) -> Result<f32> {
        self.expect_kw(name)?;
        self.expect(Tok::Eq)?;
        let t = self.get();
        match t.tok {
            Tok::U32(n) => Ok(n as f32),
            Tok::I32(n) => Ok(n as f32),
            Tok::Float(v) => Ok(v),
            _ => Err(self.fail(&t, "a number", || {
                format!("Expected float, found token '{}'", t.show())
            })),
        }
    }

    fn static_sampler(&mut self) -> Result<StaticSampler> {
        self.expect_kw("StaticSampler")?;
        self.expect(Tok::LParen)?;
        let mut s = StaticSampler::new(0);
        let mut seen = [false; 14];
        loop {
            let t = self.peek();
            let name = match t.tok {
                Tok::Kw(k) => k,
                Tok::Reg(..) => "sampler register s#",
                _ => "",
            };
            let slot = match name {
                "filter" => 0,
                "addressU" => 1,
                "addressV" => 2,
                "addressW" => 3,
                "mipLODBias" => 4,
                "maxAnisotropy" => 5,
                "comparisonFunc" => 6,
                "borderColor" => 7,
                "minLOD" => 8,
                "maxLOD" => 9,
                "sampler register s#" if matches!(t.tok, Tok::Reg(b's', _)) => 10,
                "space" => 11,
                "visibility" => 12,
                "flags" if self.version >= Version::V1_2 => 13,
                _ => {
                    return Err(self.unexpected(
                        &t,
                        "a static sampler parameter (s#, filter, addressU, ..., visibility)",
                    ))
                }
            };
            if let Some(flag) = seen.get_mut(slot) {
                self.mark(flag, name, &t)?;
            }
            match slot {
                0 => s.filter = self.assign_enum("filter", "filter", Filter::from_keyword)?,
                1..=3 => {
                    let m =
                        self.assign_enum(name, "texture address mode", AddressMode::from_keyword)?;
                    match slot {
                        1 => s.address_u = m,
                        2 => s.address_v = m,
                        _ => s.address_w = m,
                    }
                }
                4 => s.mip_lod_bias = self.assign_float("mipLODBias")?,
                5 => s.max_anisotropy = self.assign_u32("maxAnisotropy")?,
                6 => {
                    s.comparison_func = self.assign_enum(
                        "comparisonFunc",
                        "comparison function",
                        ComparisonFunc::from_keyword,
                    )?
                }
                7 => {
                    s.border_color =
                        self.assign_enum("borderColor", "border color", BorderColor::from_keyword)?
                }
                8 => s.min_lod = self.assign_float("minLOD")?,
                9 => s.max_lod = self.assign_float("maxLOD")?,
                10 => s.register = self.register(b's', "Sampler/StaticSampler")?,
                11 => s.space = self.assign_u32("space")?,
                12 => s.visibility = self.visibility()?,
                _ => {
                    s.flags = SamplerFlags(self.flags("Sampler", "sampler", &|k| {
                        SamplerFlags::from_keyword(k).map(|f| f.0)
                    })?)
                }
            }
            if self.list_end()? {
                break;
            }
        }
        if !seen[10] {
            let t = self
                .toks
                .get(self.next.saturating_sub(1))
                .copied()
                .unwrap_or(self.peek());
            return Err(self.err(
                &t,
                "Sampler register s# must be defined for each static sampler".into(),
            ));
        }
        Ok(s)
    }
}
