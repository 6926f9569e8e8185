"""The model zoo: factories (``module:factory`` for the command line) and
the shapes each model is exported and run with.

Weights are drawn at test time from a fixed seed (nothing is committed):
every parameter is random (torchvision initializes some heads to zero), and
batch-norm statistics are not the identity, so that a wrong channel, window
or broadcast changes the numbers."""

import math

import torch
import torchvision
from torch import nn

import gpt2

SEED = 0


def randomize(model, seed=SEED):
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, module in model.named_modules():
            if isinstance(module, nn.modules.batchnorm._BatchNorm):
                n = module.num_features
                module.running_mean.copy_(
                    torch.randn(n, generator=generator) * 0.2)
                module.running_var.copy_(
                    torch.rand(n, generator=generator) + 0.5)
        for name, param in model.named_parameters():
            if param.dim() == 1:
                if name.endswith("weight"):  # norms: a scale around 1
                    param.copy_(torch.rand(param.shape, generator=generator)
                                + 0.5)
                else:
                    param.copy_(torch.randn(param.shape, generator=generator)
                                * 0.1)
                continue
            fan_in = max(1, param[0].numel())
            param.copy_(torch.randn(param.shape, generator=generator) /
                        math.sqrt(fan_in))
    return model.eval()


def resnet18():
    return randomize(torchvision.models.resnet18(weights=None))


def mobilenet_v2():
    return randomize(torchvision.models.mobilenet_v2(weights=None))


def vit_small():
    """vit_b_16's class in a configuration that runs in the test time: 32x32
    images in 8x8 patches, 2 layers of 2 heads of width 64."""
    return randomize(torchvision.models.VisionTransformer(
        image_size=32, patch_size=8, num_layers=2, num_heads=2,
        hidden_dim=64, mlp_dim=128))


def transformer_encoder_layer():
    return randomize(nn.TransformerEncoderLayer(
        d_model=32, nhead=4, dim_feedforward=64, dropout=0.0,
        batch_first=True))


def gpt2_block():
    return randomize(gpt2.Block())


def _images(*shape):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(1))


def _ids(*shape):
    return torch.randint(0, 97, shape,
                         generator=torch.Generator().manual_seed(1))


# name: factory, the CLI's --input and --range, the shapes run (none of
# them the traced one), a bind= and a profile= for the pipeline.
ZOO = {
    "resnet18": dict(
        factory=resnet18, input="batch,3,height,width",
        ranges=["batch=1:4", "height=32:96", "width=32:96"],
        runs=[(2, 3, 40, 36), (1, 3, 33, 57)], make=_images,
        bind="batch=1,height=33,width=57",
        profile="batch:1:2:4,height:32:40:96,width:32:36:96"),
    "mobilenet_v2": dict(
        factory=mobilenet_v2, input="batch,3,height,width",
        ranges=["batch=1:4", "height=32:64:8", "width=32:64"],
        runs=[(2, 3, 40, 45), (1, 3, 56, 33)], make=_images,
        bind="batch=2,height=40,width=45",
        profile="batch:1:2:4,height:32:40:64,width:32:45:64"),
    "vit_small": dict(
        factory=vit_small, input="batch,3,32,32", ranges=["batch=1:8"],
        runs=[(3, 3, 32, 32), (1, 3, 32, 32)], make=_images,
        bind="batch=3", profile="batch:1:2:8"),
    "transformer_encoder_layer": dict(
        factory=transformer_encoder_layer, input="batch,seq,32",
        ranges=["batch=1:8", "seq=1:48"],
        runs=[(3, 7, 32), (1, 13, 32)], make=_images,
        bind="batch=3,seq=7", profile="batch:1:2:8,seq:1:8:48"),
    "gpt2_block": dict(
        factory=gpt2_block, input="batch,seq:int64",
        ranges=["batch=1:8", "seq=1:64"],
        runs=[(3, 7), (1, 13)], make=_ids,
        bind="batch=1,seq=13", profile="batch:1:2:8,seq:1:8:64"),
}
