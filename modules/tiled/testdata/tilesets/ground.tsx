<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="ground" tilewidth="8" tileheight="8" tilecount="8" columns="4">
 <image source="../tiles/ground.png" trans="ff00ff" width="32" height="16"/>
</tileset>
