//! Which global values (globals, functions, aliases) the code uses. The validator refuses a
//! module with an internal global or an external function that nothing uses (DXIL.rst
//! validation rules DECL.USEDINTERNAL and DECL.USEDEXTERNALFUNCTION), and the passes do not
//! remove declarations: so the last instruction that uses a global value stays, even dead.

use dxil_ir::{Body, ConstKind, FastMap, FastSet, InstKind, Module, ValueRef};

/// How many instructions (over every body) and other global values use each global value,
/// directly or through constant expressions.
#[derive(Clone, Debug, Default)]
pub struct Uses {
    count: FastMap<ValueRef, u32>,
}

impl Uses {
    /// The uses in `m`: its bodies' instructions, global initializers, aliasees and the
    /// functions' prologue, prefix and personality.
    pub fn of_module(m: &Module) -> Self {
        let mut u = Uses::default();
        let mut cache = FastMap::default();
        let add = |v: ValueRef, u: &mut Uses, cache: &mut FastMap<_, _>| {
            for g in global_refs(m, v, cache) {
                *u.count.entry(g).or_insert(0) += 1;
            }
        };
        for g in m.globals.iter() {
            if let Some(init) = g.initializer {
                add(init, &mut u, &mut cache);
            }
        }
        for a in m.aliases.iter() {
            add(a.aliasee, &mut u, &mut cache);
        }
        for f in m.functions.iter() {
            for v in [f.prologue, f.prefix, f.personality].into_iter().flatten() {
                add(v, &mut u, &mut cache);
            }
            if let Some(body) = &f.body {
                u.add_body(m, body);
            }
        }
        u
    }

    /// Counts the instructions of `body`.
    pub fn add_body(&mut self, m: &Module, body: &Body) {
        for (g, n) in body_refs(m, body) {
            *self.count.entry(g).or_insert(0) += n;
        }
    }

    /// No longer counts the instructions of `body`.
    pub fn remove_body(&mut self, m: &Module, body: &Body) {
        for (g, n) in body_refs(m, body) {
            if let Some(c) = self.count.get_mut(&g) {
                *c = c.saturating_sub(n);
            }
        }
    }

    /// The uses of global value `g`.
    pub fn of(&self, g: ValueRef) -> u32 {
        self.count.get(&g).copied().unwrap_or(0)
    }
}

/// Per global value, how many instructions of `body` (in its blocks) use it.
fn body_refs(m: &Module, body: &Body) -> FastMap<ValueRef, u32> {
    let mut out: FastMap<ValueRef, u32> = FastMap::default();
    let mut cache = FastMap::default();
    for b in body.blocks.iter() {
        for &i in &b.insts {
            let Some(inst) = body.insts.get(i) else {
                continue;
            };
            for g in inst_refs(m, body, &inst.kind, &mut cache) {
                *out.entry(g).or_insert(0) += 1;
            }
        }
    }
    out
}

/// The global values an instruction uses (each once), directly or through constants.
pub(crate) fn inst_refs(
    m: &Module,
    body: &Body,
    kind: &InstKind,
    cache: &mut FastMap<ValueRef, Vec<ValueRef>>,
) -> Vec<ValueRef> {
    let mut out = Vec::new();
    kind.for_each_operand(&body.pool, |&v| {
        for g in global_refs(m, v, cache) {
            if !out.contains(&g) {
                out.push(g);
            }
        }
    });
    out
}

/// The global values `v` is or holds (constants walked iteratively, each once; the result
/// per constant is cached).
fn global_refs(
    m: &Module,
    v: ValueRef,
    cache: &mut FastMap<ValueRef, Vec<ValueRef>>,
) -> Vec<ValueRef> {
    match v {
        ValueRef::Global(_) | ValueRef::Function(_) | ValueRef::Alias(_) => return vec![v],
        ValueRef::Const(_) => {}
        _ => return Vec::new(),
    }
    if let Some(found) = cache.get(&v) {
        return found.clone();
    }
    let mut out = Vec::new();
    let mut seen: FastSet<ValueRef> = FastSet::default();
    let mut work = vec![v];
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        match x {
            ValueRef::Global(_) | ValueRef::Function(_) | ValueRef::Alias(_) => {
                // `seen` keeps each once.
                out.push(x);
            }
            ValueRef::Const(c) => {
                let Some(data) = m.constant(c) else { continue };
                match data.kind {
                    ConstKind::Cast { value, .. } => work.push(value),
                    ConstKind::Binary { lhs, rhs, .. } | ConstKind::Cmp { lhs, rhs, .. } => {
                        work.push(lhs);
                        work.push(rhs);
                    }
                    ConstKind::Aggregate(list) | ConstKind::Gep { operands: list, .. } => {
                        if let Some(items) = m.pools.get(list) {
                            work.extend_from_slice(items);
                        }
                    }
                    ConstKind::Select {
                        cond,
                        if_true,
                        if_false,
                    } => work.extend([cond, if_true, if_false]),
                    ConstKind::ExtractElement { vector, index } => work.extend([vector, index]),
                    ConstKind::InsertElement {
                        vector,
                        element,
                        index,
                    } => work.extend([vector, element, index]),
                    ConstKind::ShuffleVector { a, b, mask, .. } => work.extend([a, b, mask]),
                    ConstKind::BlockAddress { function, .. } => {
                        work.push(ValueRef::Function(function))
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    cache.insert(v, out.clone());
    out
}
