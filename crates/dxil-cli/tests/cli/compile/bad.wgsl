// A syntax error on line 3.
fn main() {
    let x = ;
}
