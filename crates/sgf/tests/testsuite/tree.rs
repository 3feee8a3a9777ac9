//! Navigation, typed access, game info and editing.

use kifu_sgf::props::Value;
use kifu_sgf::{Color, Point, parse, write};

const GAME: &[u8] = b"(;GM[1]FF[4]SZ[9]PB[Black \\] Player]BR[3d]PW[White]WR[2k]KM[6.5]HA[0]\
RE[W+R]DT[2024-05-12,13]\n;B[ee];W[gc](;B[cg]C[main])(;B[gg]N[variation]\n;W[tt]))";

#[test]
fn navigation_follows_the_tree() {
    let c = parse(GAME).value;
    assert_eq!(c.len(), 1);
    let game = c.game(0).unwrap();
    let main: Vec<_> = game.main_line().collect();
    assert_eq!(main.len(), 4);
    assert_eq!(main[3].text("C").as_deref(), Some("main"));
    let branch = main[2];
    assert_eq!(branch.children().count(), 2);
    let var = branch.children().nth(1).unwrap();
    assert_eq!(var.text("N").as_deref(), Some("variation"));
    assert_eq!(var.prev_sibling().unwrap().id(), main[3].id());
    assert_eq!(var.parent().unwrap().id(), branch.id());
    assert_eq!(var.first_child().unwrap().path(), vec![0, 0, 1, 0]);
    assert_eq!(game.nodes().count(), 6);
    assert_eq!(game.variation_count(), 2);
    assert_eq!(game.branch_points(), 1);
    assert_eq!(game.main_line_moves(), 3);
}

#[test]
fn typed_values_follow_the_property_table() {
    let c = parse(GAME).value;
    let game = c.game(0).unwrap();
    let root = game.root();
    assert_eq!(game.board_size(), kifu_sgf::BoardSize::square(9).unwrap());
    assert!(matches!(root.get("KM"), Some(Ok(Value::Real(k))) if (k - 6.5).abs() < 1e-9));
    assert!(matches!(root.get("HA"), Some(Ok(Value::Number(0)))));
    let first = root.first_child().unwrap();
    assert_eq!(
        first.get_move(),
        Some((Color::Black, Some(Point::new(4, 4))))
    );
    let pass = game.nodes().last().unwrap();
    // `tt` is a pass on boards up to 19x19.
    assert_eq!(pass.get_move(), Some((Color::White, None)));
    assert!(root.get("XX").is_none());
}

#[test]
fn game_info_is_typed() {
    let c = parse(GAME).value;
    let info = c.game(0).unwrap().info();
    assert_eq!(info.black.as_deref(), Some("Black ] Player"));
    assert_eq!(info.white_rank.as_deref(), Some("2k"));
    assert_eq!(info.komi, Some(6.5));
    assert_eq!(info.handicap, Some(0));
    assert_eq!(info.result.unwrap().to_string(), "W+R");
    assert_eq!(info.dates.len(), 2);
    assert_eq!(info.dates[1].to_string(), "2024-05-13");
}

#[test]
fn typed_set_writes_escaped_values_in_place() {
    let mut c = parse(GAME).value;
    let root = c.game(0).unwrap().root().id();
    c.set(root, "PB", &Value::Text("New [name]".into()))
        .unwrap();
    c.set(root, "KM", &Value::Real(7.5)).unwrap();
    let out = write::lossless(&c);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("PB[New [name\\]]"), "{text}");
    assert!(text.contains("KM[7.5]"));
    // Everything else is untouched.
    let original = String::from_utf8_lossy(GAME);
    assert_eq!(
        text.replace("PB[New [name\\]]", "").replace("KM[7.5]", ""),
        original
            .replace("PB[Black \\] Player]", "")
            .replace("KM[6.5]", "")
    );
    // Values are checked against the board.
    let first = c.node(root).first_child().unwrap().id();
    assert!(
        c.set(first, "B", &Value::Move(Some(Point::new(9, 0))))
            .is_err()
    );
}

#[test]
fn lossless_write_of_an_edited_tree_changes_only_the_edit() {
    let mut c = parse(GAME).value;
    let root = c.game(0).unwrap().root().id();
    let branch = c.game(0).unwrap().main_line().nth(2).unwrap().id();
    c.move_child(branch, 1, 0).unwrap();
    let out = String::from_utf8(write::lossless(&c)).unwrap();
    assert!(
        out.ends_with("(;B[gg]N[variation]\n;W[tt])(;B[cg]C[main]))"),
        "{out}"
    );
    c.remove_node(c.node(branch).first_child().unwrap().id())
        .unwrap();
    let out = String::from_utf8(write::lossless(&c)).unwrap();
    assert!(out.ends_with(";W[gc](;B[cg]C[main]))"), "{out}");
    c.remove_property(root, "DT").unwrap();
    assert!(
        !String::from_utf8(write::lossless(&c))
            .unwrap()
            .contains("DT[")
    );
}
