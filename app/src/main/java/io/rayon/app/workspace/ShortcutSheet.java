package io.rayon.app.workspace;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.PropertyValueFactory;
import javafx.scene.input.KeyCode;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The keyboard shortcut sheet (Help → Keyboard shortcuts, F1 or ?): every command and its keys. */
public final class ShortcutSheet {
  private ShortcutSheet() {}

  /** A row of the sheet (public for the table's property lookup). */
  public static final class Row {
    private final String menu;
    private final String command;
    private final String keys;

    Row(String menu, String command, String keys) {
      this.menu = menu;
      this.command = command;
      this.keys = keys;
    }

    public String getMenu() {
      return menu;
    }

    public String getCommand() {
      return command;
    }

    public String getKeys() {
      return keys;
    }
  }

  public static TableView<Row> table(List<AppCommand> commands) {
    TableView<Row> t = new TableView<>();
    t.setId("shortcut-table");
    TableColumn<Row, String> menu = new TableColumn<>("Menu");
    menu.setCellValueFactory(new PropertyValueFactory<>("menu"));
    TableColumn<Row, String> cmd = new TableColumn<>("Command");
    cmd.setCellValueFactory(new PropertyValueFactory<>("command"));
    cmd.setPrefWidth(240);
    TableColumn<Row, String> keys = new TableColumn<>("Keys");
    keys.setCellValueFactory(new PropertyValueFactory<>("keys"));
    keys.setPrefWidth(140);
    t.getColumns().setAll(List.of(menu, cmd, keys));
    for (AppCommand c : commands)
      t.getItems().add(new Row(c.menu(), c.label().replace("_", ""), c.shortcutText()));
    t.getItems().add(new Row("Help", "Keyboard shortcuts", "?"));
    return t;
  }

  public static Stage show(Window owner, List<AppCommand> commands) {
    Stage st = new Stage();
    st.initOwner(owner);
    st.initModality(Modality.NONE);
    st.setTitle("Keyboard shortcuts");
    Scene scene = new Scene(table(commands), 520, 560);
    if (owner != null && owner.getScene() != null)
      scene.getStylesheets().setAll(owner.getScene().getStylesheets());
    scene.setOnKeyPressed(
        e -> {
          if (e.getCode() == KeyCode.ESCAPE) st.close();
        });
    st.setScene(scene);
    st.show();
    return st;
  }
}
