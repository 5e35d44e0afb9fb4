//! What a call may do, from its callee's function attributes (LangRef "Function
//! Attributes": `readnone`, `readonly`).

use dxil_ir::build::ModuleBuilder;
use dxil_ir::{Attribute, Function, Module};

/// ATTR_KIND_READ_NONE.
const READ_NONE: u32 = 20;
/// ATTR_KIND_READ_ONLY.
const READ_ONLY: u32 = 21;
/// The attribute group index of the function's own attributes.
const FUNCTION_INDEX: u32 = u32::MAX;

/// What calling a function may do to memory and the rest of the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Effect {
    /// `readnone`: the result depends on the arguments alone; an unused call can go and an
    /// equal dominating call gives the same result.
    ReadNone,
    /// `readonly`: reads memory but writes nothing; an unused call can go, and an equal call
    /// gives the same result where nothing wrote memory in between.
    ReadOnly,
    /// Anything else: the call stays where it is.
    #[default]
    Writes,
}

impl Effect {
    /// The effect a list of function attributes declares.
    pub fn of_attributes<'a>(attrs: impl IntoIterator<Item = &'a Attribute>) -> Effect {
        let mut effect = Effect::Writes;
        for a in attrs {
            match a {
                Attribute::Enum(READ_NONE) => return Effect::ReadNone,
                Attribute::Enum(READ_ONLY) => effect = Effect::ReadOnly,
                _ => {}
            }
        }
        effect
    }
}

/// The [`Effect`] of calling each function of a module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    by_function: Vec<Effect>,
}

impl Effects {
    /// Effects given per function id (functions past the list write).
    pub fn new(by_function: Vec<Effect>) -> Self {
        Effects { by_function }
    }

    /// The effect of calling `f`.
    pub fn of(&self, f: Function) -> Effect {
        self.by_function
            .get(f.index())
            .copied()
            .unwrap_or(Effect::Writes)
    }

    /// Effects from a finished module's attribute lists.
    pub fn of_module(m: &Module) -> Self {
        let by_function = m
            .functions
            .iter()
            .map(|f| {
                let Some(list) = (f.attributes as usize)
                    .checked_sub(1)
                    .and_then(|l| m.attribute_lists.get(l))
                else {
                    return Effect::Writes;
                };
                let attrs = list.groups.iter().flat_map(|&id| {
                    m.attribute_groups
                        .iter()
                        .filter(move |g| g.id == id && g.index == FUNCTION_INDEX)
                        .flat_map(|g| g.attrs.iter())
                });
                Effect::of_attributes(attrs)
            })
            .collect();
        Effects { by_function }
    }

    /// Effects from the attributes a builder's functions were declared with.
    pub fn of_builder(mb: &ModuleBuilder) -> Self {
        let mut by_function = vec![Effect::Writes; mb.module().functions.len()];
        for (f, attrs) in mb.function_attribute_sets() {
            if let Some(e) = by_function.get_mut(f.index()) {
                *e = Effect::of_attributes(&attrs.function);
            }
        }
        Effects { by_function }
    }
}
