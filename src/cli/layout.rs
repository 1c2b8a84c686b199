use super::Global;
use workgroup::ops::layout;

#[derive(clap::Args)]
pub struct Args {
    /// Workgroups dispatched in x and y (numWorkGroups)
    #[arg(long, num_args = 2, value_names = ["X", "Y"], default_values_t = [4u32, 2])]
    groups: Vec<u32>,
    /// Invocations per workgroup in x and y (workGroupSize)
    #[arg(long, num_args = 2, value_names = ["X", "Y"], default_values_t = [4u32, 4])]
    local: Vec<u32>,
}

impl Args {
    pub fn demo() -> Args {
        Args { groups: vec![4, 2], local: vec![4, 4] }
    }
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let ctx = g.context()?;
    let groups = [a.groups[0], a.groups[1]];
    let local = [a.local[0], a.local[1]];
    let r = layout::run(&ctx, groups, local)?;
    g.finish(&ctx)?;
    let ok = r.mismatch.is_none();
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name,
            "groups": groups, "local": local, "width": r.width, "height": r.height,
            "verified": ok, "mismatch": r.mismatch,
            "linear": if r.ids.len() <= 4096 { Some(r.ids.iter().map(|i| i.linear).collect::<Vec<_>>()) } else { None },
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "device {}: {}x{} workgroups of {}x{} invocations = {}x{} grid",
            ctx.info().name,
            groups[0],
            groups[1],
            local[0],
            local[1],
            r.width,
            r.height
        );
        println!("linear index = x + y * numWorkGroups.x * workGroupSize.x = x + y * {}", r.width);
        if r.width <= 32 && r.height <= 32 {
            let w = format!("{}", r.width * r.height - 1).len().max(2);
            println!("\nlinear global index (rows y, columns x):");
            for y in 0..r.height {
                let row: Vec<String> = (0..r.width).map(|x| format!("{:>w$}", r.ids[(y * r.width + x) as usize].linear)).collect();
                println!("  {}", row.join(" "));
            }
            println!("\nworkgroup id (gl_WorkGroupID.x + gl_WorkGroupID.y * numWorkGroups.x):");
            let wg = format!("{}", groups[0] * groups[1]).len().max(2);
            for y in 0..r.height {
                let row: Vec<String> = (0..r.width).map(|x| format!("{:>wg$}", r.ids[(y * r.width + x) as usize].group)).collect();
                println!("  {}", row.join(" "));
            }
        } else {
            println!("(grid too large to print; {} entries checked)", r.ids.len());
        }
        match &r.mismatch {
            None => println!("\nverified: all {} invocations wrote the index the formula gives", r.ids.len()),
            Some(m) => println!("\nMISMATCH: {m}"),
        }
    }
    if let Some(m) = r.mismatch {
        anyhow::bail!("layout check failed: {m}");
    }
    Ok(())
}
