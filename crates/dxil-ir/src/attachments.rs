//! An instruction's metadata attachments (kind id, node). Most instructions that carry any
//! carry one (`!dx.precise`, a `!range`), so the first is kept inline in the instruction's
//! out-of-line part and a list is allocated only for a second: a reader or builder attaching
//! one node to an instruction makes no allocation for the list.

use crate::ids::Metadata;

/// One attachment: kind id, node.
pub(crate) type Attachment = (u32, Metadata);

/// The attachments, in record order.
#[derive(Clone, Debug, Default)]
pub(crate) enum Attachments {
    #[default]
    None,
    One(Attachment),
    Many(Vec<Attachment>),
}

impl Attachments {
    pub(crate) fn as_slice(&self) -> &[Attachment] {
        match self {
            Attachments::None => &[],
            Attachments::One(a) => std::slice::from_ref(a),
            Attachments::Many(v) => v,
        }
    }

    pub(crate) fn as_mut_slice(&mut self) -> &mut [Attachment] {
        match self {
            Attachments::None => &mut [],
            Attachments::One(a) => std::slice::from_mut(a),
            Attachments::Many(v) => v,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    pub(crate) fn push(&mut self, a: Attachment) {
        match self {
            Attachments::None => *self = Attachments::One(a),
            Attachments::One(first) => *self = Attachments::Many(vec![*first, a]),
            Attachments::Many(v) => v.push(a),
        }
    }
}

impl From<Vec<Attachment>> for Attachments {
    fn from(v: Vec<Attachment>) -> Self {
        match v.as_slice() {
            [] => Attachments::None,
            [a] => Attachments::One(*a),
            _ => Attachments::Many(v),
        }
    }
}

/// Equal when the lists are (however they are held).
impl PartialEq for Attachments {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_is_the_same_however_it_is_held() {
        let (a, b) = ((1, Metadata(2)), (3, Metadata(4)));
        let mut l = Attachments::default();
        assert!(l.is_empty());
        l.push(a);
        assert!(matches!(l, Attachments::One(_)));
        assert_eq!(l.as_slice(), &[a]);
        l.push(b);
        assert_eq!(l.as_slice(), &[a, b]);
        assert_eq!(l, Attachments::from(vec![a, b]));
        assert_eq!(Attachments::from(vec![a]), Attachments::Many(vec![a]));
        assert_ne!(Attachments::from(vec![a]), Attachments::from(vec![b]));
        assert_eq!(Attachments::from(Vec::new()), Attachments::None);
        l.as_mut_slice()[1].0 = 9;
        assert_eq!(l.as_slice()[1], (9, Metadata(4)));
    }
}
