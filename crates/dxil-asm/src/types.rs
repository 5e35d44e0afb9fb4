//! Types (LangRef "Type System"): first-class, aggregate, function and pointer types,
//! identified structs by name or number with forward references.

use dxil_ir::{StructType, Type, TypeData};

use crate::lexer::Kind;
use crate::parser::{PResult, Parser};

impl Parser<'_> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let t = self.tok();
        let mut ty = match t.kind {
            Kind::IntType => {
                self.bump();
                match self.text(t)[1..].parse::<u32>() {
                    Ok(b) if (1..(1 << 23)).contains(&b) => self.int_type(b),
                    _ => return self.err_at(t, "integer type width out of range"),
                }
            }
            Kind::Word => {
                let data = match self.text(t) {
                    "void" => TypeData::Void,
                    "half" => TypeData::Half,
                    "float" => TypeData::Float,
                    "double" => TypeData::Double,
                    "x86_fp80" => TypeData::X86Fp80,
                    "fp128" => TypeData::Fp128,
                    "ppc_fp128" => TypeData::PpcFp128,
                    "label" => TypeData::Label,
                    "metadata" => TypeData::Metadata,
                    "x86_mmx" => TypeData::X86Mmx,
                    _ => return self.err("expected a type"),
                };
                self.bump();
                self.intern_type(data)?
            }
            Kind::LocalVar => {
                self.bump();
                let name = String::from_utf8_lossy(&self.name_of(t)).into_owned();
                self.named_struct(&name, None)
            }
            Kind::LocalId => {
                self.bump();
                let n = self.id_of(t)?;
                self.numbered_struct(n, None)
            }
            Kind::LBracket => {
                self.bump();
                let len = self.parse_u64("array length")?;
                self.expect_word("x")?;
                let elem = self.parse_type()?;
                self.expect(Kind::RBracket, "`]`")?;
                self.intern_type(TypeData::Array { len, elem })?
            }
            Kind::Less => {
                self.bump();
                if self.kind() == Kind::LBrace {
                    let st = self.parse_struct_body(true)?;
                    self.expect(Kind::Greater, "`>`")?;
                    self.intern_type(TypeData::Struct(st))?
                } else {
                    let len = self.parse_u64("vector length")?;
                    self.expect_word("x")?;
                    let elem = self.parse_type()?;
                    self.expect(Kind::Greater, "`>`")?;
                    self.intern_type(TypeData::Vector { len, elem })?
                }
            }
            Kind::LBrace => {
                let st = self.parse_struct_body(false)?;
                self.intern_type(TypeData::Struct(st))?
            }
            _ => return self.err("expected a type"),
        };
        loop {
            match self.kind() {
                Kind::Star => {
                    self.bump();
                    ty = self.pointer_to(ty, 0)?;
                }
                Kind::Word if self.is_word("addrspace") => {
                    self.bump();
                    let a = self.parse_addrspace()?;
                    self.expect(Kind::Star, "`*` after addrspace")?;
                    ty = self.pointer_to(ty, a)?;
                }
                Kind::LParen => {
                    let (params, vararg) = self.parse_param_types()?;
                    ty = self.intern_type(TypeData::Function {
                        ret: ty,
                        params: params.into_boxed_slice(),
                        vararg,
                    })?;
                }
                _ => return Ok(ty),
            }
        }
    }

    /// `(N)` after `addrspace`.
    pub fn parse_addrspace(&mut self) -> PResult<u32> {
        self.expect(Kind::LParen, "`(`")?;
        let a = self.parse_u32("address space")?;
        self.expect(Kind::RParen, "`)`")?;
        Ok(a)
    }

    fn parse_param_types(&mut self) -> PResult<(Vec<Type>, bool)> {
        self.expect(Kind::LParen, "`(`")?;
        let mut params = Vec::new();
        let mut vararg = false;
        if self.eat(Kind::RParen) {
            return Ok((params, vararg));
        }
        loop {
            if self.eat(Kind::Dots) {
                vararg = true;
                break;
            }
            params.push(self.parse_type()?);
            if !self.eat(Kind::Comma) {
                break;
            }
        }
        self.expect(Kind::RParen, "`)`")?;
        Ok((params, vararg))
    }

    /// `{ T, ... }` (the braces; `packed` is the caller's `<`...`>`).
    pub fn parse_struct_body(&mut self, packed: bool) -> PResult<StructType> {
        self.expect(Kind::LBrace, "`{`")?;
        let mut elems = Vec::new();
        if !self.eat(Kind::RBrace) {
            loop {
                elems.push(self.parse_type()?);
                if !self.eat(Kind::Comma) {
                    break;
                }
            }
            self.expect(Kind::RBrace, "`}`")?;
        }
        Ok(StructType {
            name: None,
            identified: false,
            packed,
            opaque: false,
            elems: elems.into_boxed_slice(),
        })
    }

    /// The identified struct `%name`, created opaque on first reference.
    pub fn named_struct(&mut self, name: &str, def_offset: Option<usize>) -> Type {
        if let Some(e) = self.named_types.get_mut(name) {
            if def_offset.is_some() {
                e.1 = def_offset;
            }
            return e.0;
        }
        let t = self.b.struct_named(name);
        self.named_types.insert(name.to_string(), (t, def_offset));
        t
    }

    /// The unnamed identified struct `%N`.
    pub fn numbered_struct(&mut self, n: u32, def_offset: Option<usize>) -> Type {
        if let Some(e) = self.numbered_types.get_mut(&n) {
            if def_offset.is_some() {
                e.1 = def_offset;
            }
            return e.0;
        }
        let t = self.b.struct_unnamed();
        self.numbered_types.insert(n, (t, def_offset));
        t
    }

    /// `%name = type ...` / `%N = type ...` (after `type`).
    pub fn parse_type_definition(&mut self, target: Type) -> PResult<()> {
        let body = if self.eat_word("opaque") {
            None
        } else if self.kind() == Kind::LBrace {
            Some(self.parse_struct_body(false)?)
        } else if self.kind() == Kind::Less && self.peek(1).kind == Kind::LBrace {
            self.bump();
            let st = self.parse_struct_body(true)?;
            self.expect(Kind::Greater, "`>`")?;
            Some(st)
        } else {
            return self.err("expected a struct body or `opaque`");
        };
        // An identified struct is made opaque and stays so unless given a body (a second
        // definition was refused by the caller).
        match body {
            None => Ok(()),
            Some(b) => self
                .b
                .set_struct_body(target, &b.elems, b.packed)
                .or_else(|e| self.build_err(e)),
        }
    }

    /// The type `ty` points to, when it is a pointer.
    pub fn pointee(&self, ty: Type) -> Option<(Type, u32)> {
        match self.ty_data(ty) {
            Some(TypeData::Pointer { pointee, addrspace }) => Some((*pointee, *addrspace)),
            _ => None,
        }
    }

    /// Element type at `index` of an aggregate (struct field, array or vector element).
    pub fn element_type(&self, ty: Type, index: Option<u64>) -> Option<Type> {
        match self.ty_data(ty)? {
            TypeData::Struct(st) => st.elems.get(usize::try_from(index?).ok()?).copied(),
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// A short rendering of a type for messages.
    pub fn type_str(&self, ty: Type) -> String {
        match self.ty_data(ty) {
            Some(TypeData::Int(b)) => format!("i{b}"),
            Some(TypeData::Float) => "float".into(),
            Some(TypeData::Half) => "half".into(),
            Some(TypeData::Double) => "double".into(),
            Some(TypeData::Void) => "void".into(),
            Some(TypeData::Pointer { pointee, .. }) => {
                format!("{}*", self.type_str_shallow(*pointee))
            }
            Some(TypeData::Vector { len, elem }) => {
                format!("<{len} x {}>", self.type_str_shallow(*elem))
            }
            Some(TypeData::Array { len, elem }) => {
                format!("[{len} x {}]", self.type_str_shallow(*elem))
            }
            Some(TypeData::Struct(st)) => match &st.name {
                Some(n) => format!("%{n}"),
                None => "struct".into(),
            },
            Some(TypeData::Function { .. }) => "function".into(),
            Some(TypeData::Label) => "label".into(),
            Some(TypeData::Metadata) => "metadata".into(),
            _ => "type".into(),
        }
    }

    fn type_str_shallow(&self, ty: Type) -> String {
        match self.ty_data(ty) {
            Some(TypeData::Int(b)) => format!("i{b}"),
            Some(TypeData::Float) => "float".into(),
            Some(TypeData::Half) => "half".into(),
            Some(TypeData::Double) => "double".into(),
            Some(TypeData::Struct(st)) => match &st.name {
                Some(n) => format!("%{n}"),
                None => "{...}".into(),
            },
            _ => "...".into(),
        }
    }
}
