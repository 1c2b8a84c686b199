//! Compiles every `glsl/**/*.comp` to SPIR-V with shaderc and generates `shaders.rs`: a table of
//! `ShaderInfo { name, spirv, bindings, push_constant_size, spec_ids }`, reflected from the SPIR-V
//! itself so that the Rust side cannot disagree with the GLSL about a binding.
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let glsl = root.join("glsl");
    let include_dir = glsl.join("include");
    println!("cargo:rerun-if-changed=glsl");
    // The commit, for the study's device fingerprint.
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=WORKGROUP_GIT_COMMIT={commit}");
    if root.join(".git/HEAD").exists() {
        println!("cargo:rerun-if-changed=.git/HEAD");
        println!("cargo:rerun-if-changed=.git/index");
    }

    let mut files = Vec::new();
    collect(&glsl, &mut files);
    files.sort();

    let compiler = shaderc::Compiler::new().expect("shaderc: cannot create a compiler");
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut all = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&glsl).unwrap();
        if rel.starts_with("include") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", file.display());
        let name = rel.with_extension("").to_string_lossy().replace('\\', "/");
        let source = std::fs::read_to_string(file).unwrap();
        let mut opts = shaderc::CompileOptions::new().unwrap();
        // SPIR-V 1.6 (Vulkan 1.3, which every context requires): gl_SubgroupSize is then the
        // subgroup's real size, and a workgroup whose width is a multiple of it runs in full
        // subgroups. Below 1.6 a driver may report 32 lanes and run 8 or 16 (Intel's ANV does),
        // and every kernel that takes the last lane's total or strides by gl_SubgroupSize breaks.
        opts.set_target_env(shaderc::TargetEnv::Vulkan, shaderc::EnvVersion::Vulkan1_3 as u32);
        opts.set_target_spirv(shaderc::SpirvVersion::V1_6);
        opts.set_optimization_level(shaderc::OptimizationLevel::Performance);
        opts.set_warnings_as_errors();
        let inc = include_dir.clone();
        opts.set_include_callback(move |requested, ty, requester, _depth| {
            let candidates = match ty {
                shaderc::IncludeType::Relative => {
                    vec![Path::new(requester).parent().unwrap_or(Path::new(".")).join(requested), inc.join(requested)]
                }
                shaderc::IncludeType::Standard => vec![inc.join(requested)],
            };
            for c in candidates {
                if let Ok(content) = std::fs::read_to_string(&c) {
                    println!("cargo:rerun-if-changed={}", c.display());
                    return Ok(shaderc::ResolvedInclude { resolved_name: c.to_string_lossy().into_owned(), content });
                }
            }
            Err(format!("cannot find include \"{requested}\" (looked in glsl/include)"))
        });
        let display = format!("glsl/{}", rel.to_string_lossy());
        match compiler.compile_into_spirv(&source, shaderc::ShaderKind::Compute, &display, "main", Some(&opts)) {
            Ok(artifact) => {
                let words = artifact.as_binary();
                let ident = name.to_uppercase().replace(['/', '-', '.'], "_");
                emit(&mut out, &ident, &name, words);
                all.push(ident);
            }
            Err(e) => failures.push(e.to_string()),
        }
    }
    if !failures.is_empty() {
        for f in &failures {
            eprintln!("{f}");
            for line in f.lines() {
                println!("cargo:warning={line}");
            }
        }
        eprintln!("error: {} GLSL shader(s) failed to compile", failures.len());
        std::process::exit(1);
    }
    writeln!(out, "/// Every shader of the crate, sorted by name.").unwrap();
    writeln!(out, "pub static ALL: &[&ShaderInfo] = &[{}];", all.iter().map(|i| format!("&{i}")).collect::<Vec<_>>().join(", ")).unwrap();
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("shaders.rs");
    std::fs::write(dest, out).unwrap();
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            collect(&p, files);
        } else if p.extension().is_some_and(|e| e == "comp") {
            files.push(p);
        }
    }
}

fn emit(out: &mut String, ident: &str, name: &str, words: &[u32]) {
    let bytes: Vec<u8> = without_execution_mode_id(words).iter().flat_map(|w| w.to_le_bytes()).collect();
    let refl = rspirv_reflect::Reflection::new_from_spirv(&bytes).unwrap_or_else(|e| panic!("{name}: SPIR-V reflection failed: {e:?}"));
    let sets = refl.get_descriptor_sets().unwrap_or_else(|e| panic!("{name}: {e:?}"));
    let mut bindings = String::new();
    for (set, map) in &sets {
        assert_eq!(*set, 0, "{name}: only descriptor set 0 is used in workgroup shaders");
        for (binding, info) in map {
            let kind = match info.ty {
                rspirv_reflect::DescriptorType::STORAGE_BUFFER => "StorageBuffer",
                rspirv_reflect::DescriptorType::STORAGE_IMAGE => "StorageImage",
                rspirv_reflect::DescriptorType::SAMPLED_IMAGE => "SampledImage",
                rspirv_reflect::DescriptorType::UNIFORM_BUFFER => "UniformBuffer",
                other => panic!("{name}: binding {binding} has unsupported descriptor type {other:?}"),
            };
            write!(bindings, "BindingInfo {{ binding: {binding}, kind: BindingKind::{kind} }}, ").unwrap();
        }
    }
    let push = refl.get_push_constant_range().unwrap_or_else(|e| panic!("{name}: {e:?}")).map(|r| r.offset + r.size).unwrap_or(0);
    let spec_ids = spec_ids(words);
    let words_text: Vec<String> = words.iter().map(|w| format!("{w:#x}")).collect();
    writeln!(
        out,
        "/// `glsl/{name}.comp`\npub static {ident}: ShaderInfo = ShaderInfo {{ name: \"{name}\", spirv: &[{}], bindings: &[{bindings}], push_constant_size: {push}, spec_ids: &{spec_ids:?} }};",
        words_text.join(",")
    )
    .unwrap();
}

/// The module without its `OpExecutionModeId` instructions, for the reflection only: SPIR-V 1.6
/// gives a spec-constant workgroup size as `OpExecutionModeId LocalSizeId`, which rspirv 0.12's
/// loader does not place (it takes it for an instruction outside any function). The bindings and
/// push constants it reflects do not depend on it; the compiled module keeps it.
fn without_execution_mode_id(words: &[u32]) -> Vec<u32> {
    const OP_EXECUTION_MODE_ID: u32 = 331;
    let mut out = words[..5.min(words.len())].to_vec();
    let mut i = 5;
    while i < words.len() {
        let count = ((words[i] >> 16) as usize).max(1);
        let end = (i + count).min(words.len());
        if words[i] & 0xffff != OP_EXECUTION_MODE_ID {
            out.extend_from_slice(&words[i..end]);
        }
        i = end;
    }
    out
}

/// The `SpecId` decorations (`layout(constant_id = N)`, `local_size_x_id = N`) of a module.
fn spec_ids(words: &[u32]) -> Vec<u32> {
    const OP_DECORATE: u32 = 71;
    const DECORATION_SPEC_ID: u32 = 1;
    let mut ids = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        let opcode = words[i] & 0xffff;
        if opcode == OP_DECORATE && count >= 4 && words[i + 2] == DECORATION_SPEC_ID {
            ids.push(words[i + 3]);
        }
        i += count.max(1);
    }
    ids.sort_unstable();
    ids.dedup();
    ids
}
