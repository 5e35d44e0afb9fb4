//! Integer constant expressions (array lengths, template arguments, enumerator values):
//! literals, `static const` names and enumerators, arithmetic, comparisons, casts.

use crate::ast::{Ast, BinaryOp, ExprId, ExprKind, UnaryOp};

/// The value of `e`, or `None` when it is not a constant; `name` gives the value of a name
/// expression.
pub(crate) fn eval(ast: &Ast, e: ExprId, name: &dyn Fn(ExprId) -> Option<i64>) -> Option<i64> {
    eval_depth(ast, e, name, 0)
}

fn eval_depth(
    ast: &Ast,
    e: ExprId,
    name: &dyn Fn(ExprId) -> Option<i64>,
    depth: u32,
) -> Option<i64> {
    // The parser bounds nesting; this bound keeps a deep tree from the analysis's stack too.
    if depth > crate::parse::MAX_NESTING * 2 {
        return None;
    }
    let ev = |x: ExprId| eval_depth(ast, x, name, depth + 1);
    Some(match &ast.expr(e).kind {
        ExprKind::Int { value, .. } => *value as i64,
        ExprKind::Bool(b) => i64::from(*b),
        ExprKind::Name(_) => name(e)?,
        ExprKind::Cast { operand, .. } => ev(*operand)?,
        ExprKind::Unary { op, operand } => {
            let v = ev(*operand)?;
            match op {
                UnaryOp::Neg => v.wrapping_neg(),
                UnaryOp::Plus => v,
                UnaryOp::Not => i64::from(v == 0),
                UnaryOp::BitNot => !v,
                _ => return None,
            }
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let (a, b) = (ev(*lhs)?, ev(*rhs)?);
            match op {
                BinaryOp::Mul => a.wrapping_mul(b),
                BinaryOp::Div => a.checked_div(b)?,
                BinaryOp::Rem => a.checked_rem(b)?,
                BinaryOp::Add => a.wrapping_add(b),
                BinaryOp::Sub => a.wrapping_sub(b),
                BinaryOp::Shl => a.checked_shl(u32::try_from(b).ok()?)?,
                BinaryOp::Shr => a.checked_shr(u32::try_from(b).ok()?)?,
                BinaryOp::Lt => i64::from(a < b),
                BinaryOp::Gt => i64::from(a > b),
                BinaryOp::Le => i64::from(a <= b),
                BinaryOp::Ge => i64::from(a >= b),
                BinaryOp::Eq => i64::from(a == b),
                BinaryOp::Ne => i64::from(a != b),
                BinaryOp::BitAnd => a & b,
                BinaryOp::BitXor => a ^ b,
                BinaryOp::BitOr => a | b,
                BinaryOp::And => i64::from(a != 0 && b != 0),
                BinaryOp::Or => i64::from(a != 0 || b != 0),
                BinaryOp::Comma => b,
            }
        }
        ExprKind::Conditional {
            cond,
            then,
            otherwise,
        } => {
            if ev(*cond)? != 0 {
                ev(*then)?
            } else {
                ev(*otherwise)?
            }
        }
        _ => return None,
    })
}
