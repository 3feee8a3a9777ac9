// Converts many files with GoGui's own reader and writers in one JVM (a
// JVM a file took most of the time): each line of stdin is
// "IN<TAB>OUT<TAB>FORMAT" (FORMAT sgf or xml), and for each one line goes
// to stdout: "IN<TAB>ok|error<TAB>warnings or the error, newlines as \n".
// Compiled against GoGui's classes (built from its public sources outside
// this repository) by scripts/compare_gogui.py.
import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import net.sf.gogui.game.ConstGameTree;
import net.sf.gogui.gamefile.GameReader;
import net.sf.gogui.sgf.SgfWriter;
import net.sf.gogui.xml.XmlWriter;

public class GoguiConvertMany {
    public static void main(String[] args) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        String line;
        while ((line = lines.readLine()) != null) {
            String[] job = line.split("\t");
            String status;
            String text;
            try {
                GameReader reader = new GameReader(new File(job[0]));
                ConstGameTree tree = reader.getTree();
                String warnings = reader.getWarnings();
                try (FileOutputStream out = new FileOutputStream(job[1])) {
                    if (job[2].equals("xml"))
                        new XmlWriter(out, tree, "gogui-convert:1.6.0");
                    else
                        new SgfWriter(out, tree, "gogui-convert", "1.6.0");
                }
                status = "ok";
                text = warnings == null ? "" : warnings;
            } catch (Throwable t) {
                status = "error";
                text = String.valueOf(t.getMessage());
            }
            System.out.println(job[0] + "\t" + status + "\t" + text.replace("\n", "\\n").trim());
            System.out.flush();
        }
    }
}
